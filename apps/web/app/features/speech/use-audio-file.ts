import { type SpeechLanguage, speechMessages } from '@hurryup/contracts/speech-rules';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { deviceId } from '../../shared/device-id.ts';
import { callApiForFileLazily } from '../../shared/lazy-api-client.ts';

/** The alert of a failed conversion: the server's message, or its message about the field it refused. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.fields) {
    const first = Object.values(error.fields)[0];
    if (first) return first;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The call can take a while for 5,000 characters on a busy server. */
const convertTimeoutMs = 120_000;

/**
 * 'Convert to File' (tools-and-trading.md sections 4, 5, 7 and 8): idle, converting, then a file ready to
 * download; blank text is the specified alert and sends nothing; a failure is an alert with the error's
 * message (the server's `error` text). The previous file is released when a new one arrives.
 */
export function useAudioFile() {
  const [converting, setConverting] = useState(false);
  const [fileUrl, setFileUrl] = useState<string | undefined>(undefined);
  const current = useRef<string | undefined>(undefined);
  const alive = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    alive.current = controller;
    return () => {
      controller.abort();
      if (current.current) URL.revokeObjectURL(current.current);
    };
  }, []);

  async function convert(text: string, language: SpeechLanguage) {
    if (converting) return;
    if (text.trim() === '') {
      window.alert(speechMessages.emptyConvert);
      return;
    }
    const signal = alive.current?.signal;
    setConverting(true);
    try {
      const blob = await callApiForFileLazily(
        () => import('@hurryup/contracts/speech').then((contract) => contract.generateAudio),
        { body: { device_id: deviceId(), text, lang: language } },
        { timeoutMs: convertTimeoutMs, ...(signal ? { signal } : {}) },
      );
      if (signal?.aborted) return;
      const url = URL.createObjectURL(blob);
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = url;
      setFileUrl(url);
    } catch (error) {
      if (signal?.aborted) return;
      window.alert(failureText(error));
    } finally {
      if (!signal?.aborted) setConverting(false);
    }
  }

  return { converting, fileUrl, convert };
}

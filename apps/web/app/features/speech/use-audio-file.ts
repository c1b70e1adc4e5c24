import { hindiSpeakerNo, type SpeechLanguage, speechMessages } from '@hurryup/contracts/speech-rules';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { deviceId } from '../../shared/device-id.ts';
import { callApiForFileLazily, callApiLazily } from '../../shared/lazy-api-client.ts';

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
 * The audio of `text`: English from `POST /api/generate-audio` (form fields, an MP3 blob), Hindi from
 * `POST /api/generate-hindi-audio` (JSON `text`, `speaker_no` 182, `config`; tools-and-trading.md section 7),
 * which answers the stored MP3's `audio_url` on this site. The answer is a blob or that address.
 */
async function audioOf(
  text: string,
  language: SpeechLanguage,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Blob | string> {
  if (language === 'hi') {
    const { audio_url } = await callApiLazily(
      () => import('@hurryup/contracts/speech').then((contract) => contract.generateHindiAudioLink),
      { body: { text, speaker_no: hindiSpeakerNo, config: { use_streaming_response: false } } },
      options,
    );
    return audio_url;
  }
  return callApiForFileLazily(
    () => import('@hurryup/contracts/speech').then((contract) => contract.generateAudio),
    { body: { device_id: deviceId(), text, lang: language } },
    options,
  );
}

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
      const audio = await audioOf(text, language, {
        timeoutMs: convertTimeoutMs,
        ...(signal ? { signal } : {}),
      });
      if (signal?.aborted) return;
      // A blob gets an object URL of its own (released when the next file comes); an address is used as it is.
      const url = typeof audio === 'string' ? audio : URL.createObjectURL(audio);
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = typeof audio === 'string' ? undefined : url;
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

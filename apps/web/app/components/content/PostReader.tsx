import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { ApiError, callApi, callApiForBlob } from '../../lib/api-client.ts';
import { deviceId } from '../../lib/device-id.ts';

type Language = 'en' | 'hi';
// 'generating': the Hindi audio is being made; both buttons wait.
type Audio = 'idle' | 'en' | 'hi' | 'generating';

const unavailable = 'Translation unavailable.';
const translationSchema = z.object({ translatedText: z.string() });

// Generated Hindi audio is kept per post for the rest of the visit (content-and-shell.md section 4).
const hindiAudioCache = new Map<number, string>();

const hindiAudioTexts = {
  wait: 'Please wait a minute while the Hindi audio is being generated.',
  done: 'Hindi audio generated successfully.',
  failed: 'Failed to generate Hindi audio. Check console for details.',
};

/**
 * The English/Hindi reading choice and the two audio buttons of a post. Choosing Hindi asks the server for
 * a translation; English clears it. One language speaks at a time; pressing the speaking button stops it.
 */
export function PostReader({ postId, text }: { postId: number; text: string }) {
  const [language, setLanguage] = useState<Language>('en');
  const [translated, setTranslated] = useState<string | undefined>();
  const [translating, setTranslating] = useState(false);
  const [audio, setAudio] = useState<Audio>('idle');
  const player = useRef<HTMLAudioElement | null>(null);
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);
  const request = useRef<AbortController | null>(null);
  // Aborted when the visitor leaves the post, so nothing starts playing on the next page.
  const lifetime = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => {
      controller.abort();
      request.current?.abort();
      if (utterance.current) window.speechSynthesis?.cancel();
      player.current?.pause();
    };
  }, []);

  async function chooseLanguage(next: Language) {
    setLanguage(next);
    request.current?.abort();
    if (next === 'en') {
      setTranslated(undefined);
      setTranslating(false);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setTranslating(true);
    try {
      const answer = await callApi('/api/translateText', translationSchema, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: controller.signal,
        timeoutMs: 30_000,
      });
      setTranslated(answer.translatedText.trim() || unavailable);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Translation failed', error);
      setTranslated(unavailable);
    } finally {
      if (!controller.signal.aborted) setTranslating(false);
    }
  }

  function toggleEnglish() {
    const speech = window.speechSynthesis;
    if (audio === 'en') {
      utterance.current = null;
      speech?.cancel();
      setAudio('idle');
      return;
    }
    if (!speech) {
      window.alert('This browser cannot read text aloud.');
      return;
    }
    const spoken = new SpeechSynthesisUtterance(text);
    spoken.lang = 'en-US';
    // A cancelled utterance may still report its end later; only the current one may reset the state.
    const finish = () => {
      if (utterance.current !== spoken) return;
      utterance.current = null;
      setAudio('idle');
    };
    spoken.onend = finish;
    spoken.onerror = finish;
    speech.cancel();
    utterance.current = spoken;
    speech.speak(spoken);
    setAudio('en');
  }

  async function toggleHindi() {
    if (audio === 'hi') {
      player.current?.pause();
      setAudio('idle');
      return;
    }
    const alive = lifetime.current?.signal;
    let url = hindiAudioCache.get(postId);
    if (!url) {
      window.alert(hindiAudioTexts.wait);
      setAudio('generating');
      try {
        const hindiText = language === 'hi' && translated && translated !== unavailable ? translated : text;
        const body = new URLSearchParams({ device_id: deviceId(), text: hindiText });
        const blob = await callApiForBlob('/api/generate-audio-hin', {
          method: 'POST',
          body,
          timeoutMs: 120_000,
          ...(alive ? { signal: alive } : {}),
        });
        url = URL.createObjectURL(blob);
        hindiAudioCache.set(postId, url);
        if (alive?.aborted) return;
        window.alert(hindiAudioTexts.done);
      } catch (error) {
        if (alive?.aborted) return;
        console.error('Hindi audio failed', error instanceof ApiError ? error.message : error);
        window.alert(hindiAudioTexts.failed);
        setAudio('idle');
        return;
      }
    }
    const element = new Audio(url);
    player.current = element;
    element.onended = () => setAudio('idle');
    setAudio('hi');
    try {
      await element.play();
    } catch (error) {
      console.error('Could not play the Hindi audio', error);
      setAudio('idle');
    }
  }

  return (
    <div className="post-reader">
      <fieldset className="post-reader__language">
        <legend>Read in</legend>
        <label>
          <input
            type="radio"
            name="language"
            value="en"
            checked={language === 'en'}
            onChange={() => chooseLanguage('en')}
          />
          English
        </label>
        <label>
          <input
            type="radio"
            name="language"
            value="hi"
            checked={language === 'hi'}
            onChange={() => chooseLanguage('hi')}
          />
          <span lang="hi">हिन्दी</span> (Hindi)
        </label>
      </fieldset>
      <div className="post-reader__audio">
        <button
          type="button"
          className="button"
          onClick={toggleEnglish}
          disabled={audio === 'hi' || audio === 'generating'}
          aria-pressed={audio === 'en'}
        >
          {audio === 'en' ? 'Stop English Audio' : 'Play English Audio'}
        </button>
        <button
          type="button"
          className="button"
          onClick={toggleHindi}
          disabled={audio === 'en' || audio === 'generating'}
          aria-pressed={audio === 'hi'}
        >
          {audio === 'hi'
            ? 'Stop Hindi Audio'
            : audio === 'generating'
              ? 'Generating Hindi Audio…'
              : 'Play Hindi Audio'}
        </button>
      </div>
      {language === 'hi' && (
        <section className="post-reader__translation" aria-label="Hindi translation" aria-busy={translating}>
          {translating ? (
            <p role="status">Translating…</p>
          ) : (
            <p className="content-item__body--lines" lang={translated === unavailable ? undefined : 'hi'}>
              {translated}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

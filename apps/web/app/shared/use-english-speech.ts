import { useSpeechVoice } from './use-speech-voice.ts';

/** Reads text aloud with the browser's speech (en-US); pressing again stops it. */
export function useEnglishSpeech(text: string) {
  const voice = useSpeechVoice();

  function toggle() {
    if (voice.active()) return voice.stop();
    if (!voice.speak(text, 'en-US')) window.alert('This browser cannot read text aloud.');
  }

  return { speaking: voice.speaking !== null, toggle };
}

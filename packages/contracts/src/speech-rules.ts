/*
 * Text to audio (tools-and-trading.md "Text to audio", sections 3, 4, 5, 7, 9) and the post page's Hindi
 * audio (content-and-shell.md sections 4, 7, 8): the languages, limits and exact texts both sides use. Free of
 * zod, so the page carries none.
 */

/** The languages the speech engine speaks, as the `lang` form field names them. */
export const speechLanguages = ['en', 'hi'] as const;
export type SpeechLanguage = (typeof speechLanguages)[number];

/** The browser's speech languages (tools-and-trading.md section 9). */
export const browserSpeechLanguage: Record<SpeechLanguage, string> = { en: 'en-US', hi: 'hi-IN' };

/** The one Hindi speaker of `POST /api/generate-hindi-audio` (tools-and-trading.md section 9). */
export const hindiSpeakerNo = 182;

/** Characters of text one request may turn into speech. */
export const speechTextMaxLength = 5000;

/** The file name the page saves (tools-and-trading.md section 9). */
export const speechDownloadName = 'output.mp3';

export const speechMessages = {
  /** Convert to File with empty or blank text (section 5). */
  emptyConvert: 'Please enter text for conversion.',
  /** Play with empty or blank text (section 5). */
  emptyPlay: 'Please enter text to play as audio.',
  tooLong: `The text is too long: at most ${speechTextMaxLength.toLocaleString('en-IN')} characters.`,
  notText: 'The text contains characters that are not readable text.',
  audioTooLong:
    'This text would make more than 15 minutes of audio (characters such as symbols are spelled out one by one). Please shorten it.',
  badDevice: 'device_id must be the UUID kept in local storage.',
  badLanguage: "lang must be 'en' (English) or 'hi' (Hindi).",
  badSpeaker: `speaker_no must be ${hindiSpeakerNo}, the Hindi voice.`,
  noBrowserSpeech: 'This browser cannot read text aloud.',
  tooManyPerDevice: 'This device has made a lot of audio in the last hour. Please try again later.',
  tooManyPerVisitor: 'You have made a lot of audio in the last hour. Please try again later.',
} as const;

export const textToAudioTexts = {
  heading: 'Text to Audio',
  languageLabel: 'Language',
  textLabel: 'Text',
  placeholder: 'Type or paste the text to convert',
  convert: 'Convert to File',
  converting: 'Converting...',
  play: 'Play',
  stop: 'Stop',
  download: 'Download Audio',
} as const;

/** The language select's options (section 2: english or hindi). */
export const speechLanguageOptions: readonly { value: SpeechLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'Hindi' },
];

/** True when the text holds characters no person types (C0 and C1 controls other than tab and line breaks): binary data. */
export function hasBinaryCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const c0 = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
    if (c0 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

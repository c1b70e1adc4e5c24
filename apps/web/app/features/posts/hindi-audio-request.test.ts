import { speechTextMaxLength } from '@hurryup/contracts/speech-rules';
import { describe, expect, it } from 'vitest';
import { hindiAudioText } from './hindi-audio-request.ts';

describe('hindiAudioText', () => {
  it('keeps a text that fits, trimmed', () => {
    expect(hindiAudioText('  नमस्ते दुनिया।  ')).toBe('नमस्ते दुनिया।');
  });

  it('cuts a long text after its last whole sentence within the limit', () => {
    const sentence = 'यह एक लंबा वाक्य है जो बार बार दोहराया गया है। ';
    const text = sentence.repeat(Math.ceil((speechTextMaxLength * 1.5) / sentence.length));
    const cut = hindiAudioText(text);
    expect(cut.length).toBeLessThanOrEqual(speechTextMaxLength);
    expect(cut.length).toBeGreaterThan(speechTextMaxLength - sentence.length);
    expect(cut.endsWith('।')).toBe(true);
  });

  it('cuts at a word when no sentence ends in the second half', () => {
    const text = `${'शब्द '.repeat(speechTextMaxLength)}`;
    const cut = hindiAudioText(text);
    expect(cut.length).toBeLessThanOrEqual(speechTextMaxLength);
    expect(cut.endsWith('शब्द')).toBe(true);
  });
});

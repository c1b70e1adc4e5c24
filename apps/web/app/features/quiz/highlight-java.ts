/** A piece of Java source and what it is, for colouring. */
export interface JavaToken {
  kind: 'keyword' | 'string' | 'comment' | 'number' | 'plain';
  text: string;
}

const keywords = new Set(
  (
    'abstract assert boolean break byte case catch char class const continue default do double else enum ' +
    'exports extends final finally float for goto if implements import instanceof int interface long module ' +
    'native new non-sealed open opens package permits private protected provides public record requires ' +
    'return sealed short static strictfp super switch synchronized this throw throws to transient transitive ' +
    'try uses var void volatile while with yield true false null'
  ).split(' '),
);

// Order matters: comments and strings first, so a keyword inside one stays part of it.
const token =
  /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|("""[\s\S]*?(?:"""|$)|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?)|\b(\d[\d_]*(?:\.\d[\d_]*)?[lLfFdD]?|0[xX][\da-fA-F_]+)\b|(non-sealed\b|[A-Za-z_$][\w$]*)/g;

/**
 * Splits Java source into keywords, strings (text blocks and chars too), comments, numbers and the rest:
 * a few dozen lines instead of a highlighting library, which no page could carry within its budget.
 */
export function highlightJava(source: string): JavaToken[] {
  const tokens: JavaToken[] = [];
  const push = (kind: JavaToken['kind'], text: string) => {
    const last = tokens.at(-1);
    if (last && last.kind === kind && kind === 'plain') last.text += text;
    else tokens.push({ kind, text });
  };
  let at = 0;
  for (const match of source.matchAll(token)) {
    if (match.index > at) push('plain', source.slice(at, match.index));
    const [text, comment, string, number, word] = match;
    if (comment) push('comment', text);
    else if (string) push('string', text);
    else if (number) push('number', text);
    else push(word && keywords.has(word) ? 'keyword' : 'plain', text);
    at = match.index + text.length;
  }
  if (at < source.length) push('plain', source.slice(at));
  return tokens;
}

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

export interface HtmlDocument {
  /** What the problems are reported under, e.g. the page's path. */
  name: string;
  html: string;
}

export interface HtmlProblem {
  page: string;
  message: string;
  line?: number;
  column?: number;
  extract?: string;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  extract?: string;
}

/**
 * Runs the W3C Nu HTML checker (vnu.jar, Java 17) once over every document and returns its errors
 * (warnings are not reported). Throws when the checker itself cannot run.
 */
export async function checkHtml(documents: HtmlDocument[]): Promise<HtmlProblem[]> {
  if (documents.length === 0) return [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-vnu-'));
  try {
    const files = documents.map((doc, i) => {
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, doc.html);
      return file;
    });
    const pageOf = new Map(files.map((file, i) => [file, documents[i]!.name]));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        'java',
        ['-jar', vnuJar, '--errors-only', '--format', 'json', '--stdout', ...files],
        { maxBuffer: 64 * 1024 * 1024 },
        // Exit status 1 only means "errors found"; the JSON says which.
        (error, out, err) => {
          if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
            reject(
              new Error('The HTML check needs Java 17 or newer: apt-get install -y openjdk-17-jre-headless'),
            );
          } else if (!out.trim()) {
            reject(new Error(`The Nu HTML checker did not run: ${error?.message ?? ''}\n${err}`));
          } else resolve(out);
        },
      );
    });
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => {
        const file = m.url?.startsWith('file:') ? fileURLToPath(m.url) : undefined;
        return {
          page: (file && pageOf.get(file)) ?? m.url ?? '(unknown)',
          message: m.message,
          ...(m.lastLine !== undefined && { line: m.lastLine }),
          ...(m.firstColumn !== undefined && { column: m.firstColumn }),
          ...(m.extract !== undefined && { extract: m.extract }),
        };
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per problem: `page (line L): message [extract]`. */
export function formatHtmlProblem(problem: HtmlProblem): string {
  const where = problem.line === undefined ? '' : ` (line ${problem.line})`;
  const extract = problem.extract ? ` [${problem.extract.replace(/\s+/g, ' ').trim()}]` : '';
  return `${problem.page}${where}: ${problem.message}${extract}`;
}

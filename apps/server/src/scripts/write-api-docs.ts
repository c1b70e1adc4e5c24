/**
 * `npm run docs:api`: writes docs/api/openapi.json and docs/api/README.md from the zod schemas of every
 * route. A server test fails when the committed files are out of date.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderApiDocs } from '../app/api-docs.ts';

const outDir = path.resolve(import.meta.dirname, '../../../../docs/api');
const { json, markdown } = await renderApiDocs();
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'openapi.json'), json);
fs.writeFileSync(path.join(outDir, 'README.md'), markdown);
console.log(`Wrote ${path.relative(process.cwd(), outDir)}/openapi.json and README.md`);

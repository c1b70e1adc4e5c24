/**
 * `npm run docs:settings`: rewrites the settings table of docs/operations.md from the settings schemas (the
 * site's and each feature's); a test fails while it is not current.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withSettingsTable } from '../app/settings-docs.ts';

const file = path.resolve(import.meta.dirname, '../../../../docs/operations.md');
fs.writeFileSync(file, withSettingsTable(fs.readFileSync(file, 'utf8')));
console.log('Wrote the settings table of docs/operations.md');

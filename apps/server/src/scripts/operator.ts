/**
 * The console's operators (docs/operations.md "Operators"):
 *
 *   npm run operator:add -- <email>      password from OPERATOR_PASSWORD, or asked for on the terminal
 *   npm run operator:list
 *   npm run operator:remove -- <email>   ends every session of theirs too
 *
 * Applies the migrations first, so it works on a new database as on the site's.
 */
import readline from 'node:readline';
import { operatorPasswordMinLength } from '@hurryup/contracts/operator-rules';
import { allMigrations } from '../app/build-app.ts';
import { features } from '../app/features.ts';
import { openConfiguredDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { tablesOf } from '../db/tables-of.ts';
import { createOperatorRepository } from '../features/operators/operators.repository.ts';
import { createOperatorService, OperatorError } from '../features/operators/operators.service.ts';
import type { OperatorTables } from '../features/operators/operators.tables.ts';
import { systemClock } from '../shared/clock.ts';
import { ConfigError, loadConfig } from '../shared/config.ts';

const usage = [
  'Usage:',
  '  npm run operator:add -- <email>      (password from OPERATOR_PASSWORD, or asked for)',
  '  npm run operator:list',
  '  npm run operator:remove -- <email>',
].join('\n');

/** Reads one line from the terminal without showing it, or the first line of piped input. */
function askPassword(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    const terminal = input.isTTY === true;
    const lines = readline.createInterface({ input, output: process.stderr, terminal });
    if (terminal) {
      process.stderr.write(prompt);
      // Nothing typed is echoed: readline writes through this, and it writes nothing.
      (lines as unknown as { _writeToOutput(text: string): void })._writeToOutput = () => {};
    }
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      if (terminal) process.stderr.write('\n');
      lines.close();
      resolve(line);
    });
    lines.once('close', () => {
      if (!answered) reject(new OperatorError('No password was given (set OPERATOR_PASSWORD or type it).'));
    });
  });
}

async function passwordForNewOperator(): Promise<string> {
  const given = process.env.OPERATOR_PASSWORD;
  if (given !== undefined && given !== '') return given;
  const password = await askPassword(`Password (at least ${operatorPasswordMinLength} characters): `);
  if (password.length >= operatorPasswordMinLength && process.stdin.isTTY) {
    const again = await askPassword('The same password again: ');
    if (again !== password) throw new OperatorError('The two passwords differ; nothing was changed.');
  }
  return password;
}

const [command, email] = process.argv.slice(2);
try {
  if (!command || !['add', 'list', 'remove'].includes(command) || (command !== 'list' && !email)) {
    throw new OperatorError(usage);
  }
  // Only the core settings: the operator commands need the database and nothing of the features.
  const config = loadConfig({ ...process.env, SEED_CONTENT: 'false' });
  const password = command === 'add' ? await passwordForNewOperator() : '';
  const database = openConfiguredDatabase(config);
  try {
    await migrateToLatest(database, allMigrations(features));
    // The idle time does not matter here: these commands open no session.
    const operators = createOperatorService(
      createOperatorRepository(tablesOf<OperatorTables>(database.db)),
      systemClock,
      60_000,
    );
    if (command === 'add') {
      const added = await operators.add(email!, password);
      console.log(`Added operator ${added}. They sign in at ${config.publicBaseUrl}/admin.`);
    } else if (command === 'remove') {
      if (!(await operators.remove(email!)))
        throw new OperatorError(`There is no operator with the email ${email}.`);
      console.log(`Removed operator ${email!.trim().toLowerCase()}; their sessions have ended.`);
    } else {
      const list = await operators.list();
      if (list.length === 0) console.log('No operators yet. Add one with: npm run operator:add -- <email>');
      for (const operator of list) {
        console.log(`${operator.email}\tadded ${operator.createdAt}\t${operator.sessions} session(s)`);
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof OperatorError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
}

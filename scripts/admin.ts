/**
 * Staff account commands.
 *   npm run admin -- set-password <username>   create the account, or reset its password (asked twice, not echoed)
 * With no terminal (a pipe), the password is read from the first line of standard input.
 */
import readline from 'node:readline';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { setStaffPassword, usernameProblem } from '../src/services/staff-accounts.js';

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(prompt);
    let value = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          return resolve(value);
        }
        if (char === '\u0003') {
          input.setRawMode(false);
          return reject(new Error('cancelled'));
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

async function readFirstLine(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) return line;
  return '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await askHidden('New password: ');
  const second = await askHidden('Repeat it: ');
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}

async function main(): Promise<void> {
  const [command, username] = process.argv.slice(2);
  if (command !== 'set-password' || !username) {
    console.error('Usage: npm run admin -- set-password <username>');
    process.exit(2);
  }
  // Before the password is asked for: the same check setStaffPassword makes, on the same normalised form.
  const problem = usernameProblem(username);
  if (problem) throw new Error(problem);
  const password = await readPassword();
  const config = loadConfig();
  const db = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    const change = await setStaffPassword(db, username, password, config.passwordHashCost, 'npm run admin');
    const outcome = {
      created: 'created',
      'password reset': 'already existed: password reset',
      unchanged: 'already existed with this password: nothing changed',
    }[change.outcome];
    console.log(`The password of ${username} is set. Staff account "${change.username}" ${outcome}.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { recordAudit } from '../core/audit.repository';
import { openDatabase } from '../db/open';
import { isCommonPassword } from '../modules/auth/password-rules';
import { hashPassword } from '../modules/auth/passwords';
import {
  countUsers,
  findDepartmentId,
  findUserIdByEmail,
  insertUsers,
} from '../modules/people/people.repository';

const usage =
  'Usage: npm run create-admin -- --email you@example.com --first-name Ada --last-name Lovelace [--department "Head Office"]';

/** Reads a password from the terminal without echoing it, or one line from piped input. */
async function askPassword(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const output = rl as unknown as { _writeToOutput?: (s: string) => void };
  if (process.stdin.isTTY) {
    process.stdout.write(prompt);
    output._writeToOutput = () => {};
  }
  const answer = await rl.question(process.stdin.isTTY ? '' : prompt);
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return answer;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'User' },
      department: { type: 'string' },
    },
  });
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new Error(`--email must be an email address.\n${usage}`);
  const password = await askPassword('Password for the new admin (at least 10 characters): ');
  if (password.length < 10) throw new Error('The password must be at least 10 characters long.');
  if (isCommonPassword(password))
    throw new Error('That password is one of the most common passwords; choose another.');

  const database = await openDatabase(loadConfig());
  try {
    await database.db.transaction().execute(async (trx) => {
      if (await findUserIdByEmail(trx, email))
        throw new Error(`A user with the email ${email} already exists.`);
      const departmentId = values.department ? await findDepartmentId(trx, values.department) : null;
      if (departmentId === undefined) throw new Error(`There is no department named "${values.department}".`);
      const serial = (await countUsers(trx)) + 1;
      const stamp = Date.now().toString(36);
      const [created] = await insertUsers(trx, [
        {
          employeeNumber: `A${String(serial).padStart(4, '0')}-${stamp}`,
          badgeNumber: `ADM-${stamp}`,
          firstName: values['first-name']!,
          lastName: values['last-name']!,
          email,
          passwordHash: await hashPassword(password),
          role: 'admin',
          departmentId,
        },
      ]);
      await recordAudit(trx, {
        actorUserId: null,
        action: 'user.created_admin_cli',
        targetType: 'user',
        targetId: created!.id,
      });
    });
    console.info(`Created the admin ${email}. Start Atrium with npm start and sign in.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

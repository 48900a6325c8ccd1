import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { hashPassword } from '../modules/auth/passwords';
import { recordAudit } from '../modules/system/audit.repository';

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

  const database = await openDatabase(loadConfig());
  try {
    await database.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing) throw new Error(`A user with the email ${email} already exists.`);
      const department = values.department
        ? await trx
            .selectFrom('departments')
            .select('id')
            .where('name', '=', values.department)
            .executeTakeFirst()
        : undefined;
      if (values.department && !department)
        throw new Error(`There is no department named "${values.department}".`);
      const count = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const serial = Number(count.n) + 1;
      const created = await trx
        .insertInto('users')
        .values({
          employee_number: `A${String(serial).padStart(4, '0')}-${Date.now().toString(36)}`,
          badge_number: `ADM-${Date.now().toString(36)}`,
          first_name: values['first-name']!,
          last_name: values['last-name']!,
          email,
          password_hash: await hashPassword(password),
          role: 'admin',
          department_id: department?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorUserId: null,
        action: 'user.created_admin_cli',
        targetType: 'user',
        targetId: created.id,
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

import { readFile } from 'node:fs/promises';
import { DiffChecker } from 'kysely-codegen';
import { describe, expect, inject, it } from 'vitest';
import { generateDatabaseTypes, generatedTypesFile } from './codegen';

/** The first lines of a unified diff, enough to see what changed. */
function excerpt(diff: string, lines = 60): string {
  const all = diff.split('\n');
  return all.length <= lines
    ? diff
    : [...all.slice(0, lines), `... (${all.length - lines} more lines)`].join('\n');
}

describe('the database types (schema.generated.ts)', () => {
  it('are what the migrations make', { timeout: 120_000 }, async () => {
    // A database of its own, named like the run's others so the run's teardown drops it if this dies.
    const generated = await generateDatabaseTypes(inject('serverUrl'), `${inject('databasePrefix')}_types`);
    const committed = await readFile(generatedTypesFile, 'utf8');
    const diff = new DiffChecker().diff(committed, generated);
    if (diff) {
      expect.fail(
        `apps/server/src/db/schema.generated.ts does not match the migrations: run npm run db:types ` +
          `and commit the result.\n--- committed\n+++ migrations\n${excerpt(diff)}`,
      );
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDb, type Database } from '@icehouse/db/client';
import { users } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { testDatabaseUrl } from '../../../tests/wait-for-jobs';
import { createRoleUser } from '../../../tests/users';
import { wouldLeaveNoAdmin } from './roles';

/**
 * Two admins demoting each other on two connections, the second asking while the first has asked and not yet
 * committed: the second waits for the first and is then refused. Without the lock on the admins' rows the second
 * reads two admins, is let through, and no admin is left. PostgreSQL only: PGlite runs one transaction at a time.
 */
const ctx = useOrdersTestApp();
let second: Database;
beforeAll(async () => {
  second = await createDb({ databaseUrl: (await testDatabaseUrl(ctx.database))!, poolMax: 1 });
});
afterAll(async () => {
  await second?.close();
});

describe('the last active admin, asked about on two connections at once', () => {
  it('makes the second demotion wait for the first and then refuses it', async () => {
    const boss = await createRoleUser(ctx.database, 'admin', 'boss');
    const adminId = ctx.adminId;
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstAsked!: () => void;
    const asked = new Promise<void>((resolve) => (firstAsked = resolve));

    const first = ctx.database.db.transaction(async (tx) => {
      const refused = await wouldLeaveNoAdmin(tx, boss.id);
      firstAsked();
      await firstMayCommit;
      if (!refused) await tx.update(users).set({ role: 'office', isSuperuser: false }).where(eq(users.id, boss.id));
      return refused;
    });
    await asked;
    let secondDone = false;
    const secondAnswer = second.db.transaction(async (tx) => {
      const refused = await wouldLeaveNoAdmin(tx, adminId);
      secondDone = true;
      if (!refused) await tx.update(users).set({ role: 'office', isSuperuser: false }).where(eq(users.id, adminId));
      return refused;
    });
    // The second is held on the first's lock for as long as the first is open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    releaseFirst();
    expect(await first).toBe(false);
    expect(await secondAnswer).toBe(true);
    const admins = (await ctx.database.db.select().from(users)).filter((u) => u.role === 'admin' && u.isActive);
    expect(admins.map((u) => u.id)).toEqual([adminId]);
  });
});

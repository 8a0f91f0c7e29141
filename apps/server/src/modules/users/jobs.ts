import { eq } from 'drizzle-orm';
import { passwordResets, users } from '@icehouse/db/schema';
import { defineJob } from '../../jobs/define';
import { fromAddress } from '../outbox/settings';
import { PASSWORD_RESET_EMAIL_JOB } from './reset-email';
import { PASSWORD_RESET_HOURS } from './password-reset';

/** The jobs of the users module (listed in src/jobs/all-jobs.ts). */

/**
 * Emails a reset link to its user (decision 269). A plain message, no attachment. A link used, revoked or
 * expired before the job runs is not sent; its Message-ID is fixed per link, so a run repeated after a
 * crash sends the same message again, which mail clients show once.
 */
export const passwordResetEmailJob = defineJob({
  ...PASSWORD_RESET_EMAIL_JOB,
  label: 'Email a password reset link',
  // The Failed jobs screen names the user, never the link.
  describe: async ({ database, data }) => {
    const [row] = await database.db
      .select({ username: users.username, email: users.email })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(passwordResets.id, data.resetId));
    return row ? `Password reset link to ${row.username}${row.email ? ` (${row.email})` : ''}` : null;
  },
  retryLimit: 4,
  retryDelay: 30,
  expireInSeconds: 120,
  run: async ({ deps, data }) => {
    if (!deps.mailer) return;
    const [row] = await deps.database.db
      .select({ reset: passwordResets, username: users.username, email: users.email })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(passwordResets.id, data.resetId));
    if (!row || row.reset.usedAt || row.reset.revokedAt || row.reset.expiresAt <= new Date()) return;
    const to = (row.email ?? '').trim();
    if (!to) return;
    const from = await fromAddress(deps);
    if (!from) throw new Error('No From address: set one in Company Information.');
    await deps.mailer.send({
      from,
      to: [to],
      cc: [],
      subject: 'Set your password for Ice House Order Manager',
      text:
        `Hello ${row.username},\n\nAn administrator has sent you a link to set your password. Open it within ` +
        `${PASSWORD_RESET_HOURS} hours; it works once:\n\n${data.url}\n\nThen sign in with your username and the new password. ` +
        'If you did not expect this, tell your administrator.\n',
      messageId: `<password-reset-${row.reset.id}@icehouse.invalid>`,
    });
  },
});

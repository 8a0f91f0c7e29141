import { and, desc, eq, sql } from 'drizzle-orm';
import { emailMessages, users } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { AppDeps } from '../../deps';
import { SEND_EMAIL_JOB, type EmailKind } from './send-email';

/**
 * The sent log of an invoice or an order's BOL, newest first, with each failed attempt's next retry. `db`: a
 * transaction, to read what it has queued; `messageId`: that message only (a send answers it without
 * looking up the retries of the record's older messages while its transaction is open).
 */
export async function emailLog(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  kind: EmailKind,
  recordId: number,
  { db = deps.database.db, messageId }: { db?: Db; messageId?: number } = {},
) {
  const rows = await db
    .select({
      m: emailMessages,
      username: users.username,
      version: sql<
        number | null
      >`(select version from archived_documents d where d.id = ${emailMessages.documentId})`,
    })
    .from(emailMessages)
    .leftJoin(users, eq(users.id, emailMessages.createdBy))
    .where(
      and(
        eq(emailMessages.kind, kind),
        eq(emailMessages.recordId, recordId),
        messageId === undefined ? undefined : eq(emailMessages.id, messageId),
      ),
    )
    .orderBy(desc(emailMessages.id));
  return Promise.all(
    rows.map(async ({ m, username, version }) => {
      let nextRetry: string | null = null;
      if ((m.status === 'queued' || m.status === 'sending') && m.error && m.jobId) {
        const state = await deps.jobs.state(SEND_EMAIL_JOB.name, m.jobId);
        if (state && (state.state === 'retry' || state.state === 'created')) nextRetry = state.start_after;
      }
      return {
        id: m.id,
        kind: m.kind,
        record_id: m.recordId,
        to: m.toAddresses,
        cc: m.ccAddresses,
        subject: m.subject,
        status: m.status,
        document_version: version === null ? null : Number(version),
        server_message_id: m.status === 'sent' ? m.messageId : null,
        server_response: m.serverResponse,
        error: m.error,
        attempts: m.attempts,
        next_retry: nextRetry,
        created_at: m.createdAt.toISOString(),
        created_by: username,
        sent_at: m.sentAt ? m.sentAt.toISOString() : null,
      };
    }),
  );
}

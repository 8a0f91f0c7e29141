import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CUSTOMER_LINK_DAYS, QUOTE_MESSAGES, customerLinkSchema, zodIssuesToFieldErrors, type CustomerLinkDocument } from '@icehouse/domain';
import { customerLinkEvents, customerLinks, users } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { AppDeps, DbDeps } from '../../deps';
import { AppError } from '../../errors';
import { countAttempt } from '../auth/throttle';

/**
 * Customer links (decision 161): a random token (256 bits, base64url) that opens ONE document for a
 * customer without a staff account. Only its SHA-256 is stored; the URL (built from PUBLIC_BASE_URL,
 * never a request's Host header) is answered once, when the link is made. A link expires (default 60
 * days), can be revoked, never makes a session, and every use is logged on its document. Calls through
 * links are counted per client address in the database (every instance together): past the limit 429.
 */

/** Calls through customer links one address may make per 15 minutes (the sign-in throttle's window). */
export const CUSTOMER_LINK_RATE_LIMIT = 120;
export const linkRateKey = (ip: string) => `customer-link:${ip}`;

/** The header a customer page sends its token in (kept out of URLs the server logs: decision 161). */
export const CUSTOMER_LINK_HEADER = 'x-customer-link';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The page a link opens: `<base>/customer/<type>/<id>#<token>` (the token in the fragment: browsers never send it). */
export const customerLinkUrl = (base: string, type: CustomerLinkDocument, id: number, token: string) =>
  `${base}/customer/${type}/${id}#${token}`;

type LinkRow = typeof customerLinks.$inferSelect;

const stateOf = (row: LinkRow, now = new Date()) =>
  row.revokedAt ? ('revoked' as const) : row.expiresAt <= now ? ('expired' as const) : ('active' as const);

/** Makes a link inside the caller's transaction (a send makes one with its email); answers it with its URL. */
export async function createLinkInTx(
  tx: Db,
  base: string,
  type: CustomerLinkDocument,
  id: number,
  userId: number | null,
  days = CUSTOMER_LINK_DAYS,
): Promise<{ row: LinkRow; url: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(customerLinks)
    .values({
      entityType: type,
      entityId: id,
      tokenHash: tokenHash(token),
      expiresAt: sql`now() + make_interval(days => ${days})`,
      createdBy: userId,
    })
    .returning();
  return { row: row!, url: customerLinkUrl(base, type, id, token) };
}

/** The links of a document, newest first, each with its use count (the token is never shown again). */
export async function listLinks(deps: DbDeps, type: CustomerLinkDocument, id: number) {
  const rows = await deps.database.db
    .select({
      link: customerLinks,
      username: users.username,
      views: sql<number>`(select count(*)::int from ${customerLinkEvents} e where e.link_id = ${customerLinks.id})`,
      lastViewed: sql<string | null>`(select max(e.at)::text from ${customerLinkEvents} e where e.link_id = ${customerLinks.id})`,
    })
    .from(customerLinks)
    .leftJoin(users, eq(users.id, customerLinks.createdBy))
    .where(and(eq(customerLinks.entityType, type), eq(customerLinks.entityId, id)))
    .orderBy(desc(customerLinks.id));
  return rows.map(({ link, username, views, lastViewed }) => linkView(link, username, Number(views), lastViewed));
}

function linkView(link: LinkRow, username: string | null, views: number, lastViewed: string | null) {
  return {
    id: link.id,
    entity_type: link.entityType,
    entity_id: link.entityId,
    created_at: link.createdAt.toISOString(),
    created_by: username,
    expires_at: link.expiresAt.toISOString(),
    revoked_at: link.revokedAt?.toISOString() ?? null,
    state: stateOf(link),
    views,
    last_viewed_at: lastViewed ? new Date(lastViewed).toISOString() : null,
  };
}

/** Staff make a link to a document that exists (`exists` answers 404 otherwise); the URL is in this answer only. */
export async function createLink(
  deps: Pick<AppDeps, 'database' | 'publicBaseUrl'>,
  user: { id: number; username: string },
  type: CustomerLinkDocument,
  id: number,
  input: unknown,
  exists: (db: Db) => Promise<void>,
) {
  const parsed = customerLinkSchema.safeParse(input ?? {});
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  await exists(deps.database.db);
  const { row, url } = await deps.database.db.transaction((tx) =>
    createLinkInTx(tx, deps.publicBaseUrl, type, id, user.id, parsed.data.days),
  );
  return { ...linkView(row, user.username, 0, null), url };
}

/** Revokes a link of this document (404 for another document's); revoking twice keeps the first time. */
export async function revokeLink(deps: DbDeps, userId: number, type: CustomerLinkDocument, id: number, linkId: number) {
  const db = deps.database.db;
  const [row] = await db
    .update(customerLinks)
    .set({ revokedAt: sql`coalesce(${customerLinks.revokedAt}, now())`, revokedBy: sql`coalesce(${customerLinks.revokedBy}, ${userId})` })
    .where(and(eq(customerLinks.id, linkId), eq(customerLinks.entityType, type), eq(customerLinks.entityId, id)))
    .returning();
  if (!row) throw AppError.notFound(QUOTE_MESSAGES.linkNotFound);
  return (await listLinks(deps, type, id)).find((l) => l.id === linkId)!;
}

/** Each use of the document's links, newest first. */
export async function linkEvents(deps: DbDeps, type: CustomerLinkDocument, id: number) {
  const rows = await deps.database.db
    .select()
    .from(customerLinkEvents)
    .where(and(eq(customerLinkEvents.entityType, type), eq(customerLinkEvents.entityId, id)))
    .orderBy(desc(customerLinkEvents.id))
    .limit(500);
  return rows.map((r) => ({ id: r.id, link_id: r.linkId, action: r.action, ip: r.ip, user_agent: r.userAgent, at: r.at.toISOString() }));
}

/** Who is calling through a link: the token from the header, the client's address (TRUST_PROXY decides), the browser. */
export interface LinkCaller {
  token: string | undefined;
  ip: string;
  userAgent: string;
}

/**
 * The link of a call, checked: counted against the address's limit first (429), then the token must be
 * one of ours (404 linkInvalid: wrong, tampered or missing), for this very document (404
 * linkOtherDocument), not revoked (403) and not expired (403). Nothing is changed on a refusal.
 */
export async function resolveLink(db: Db, caller: LinkCaller, type: CustomerLinkDocument, id: number): Promise<LinkRow> {
  const counted = await countAttempt(db, linkRateKey(caller.ip));
  if (counted.count > CUSTOMER_LINK_RATE_LIMIT) throw new AppError('TOO_MANY_REQUESTS', QUOTE_MESSAGES.rateLimited);
  const token = caller.token?.trim() ?? '';
  if (!TOKEN_SHAPE.test(token)) throw AppError.notFound(QUOTE_MESSAGES.linkInvalid);
  const [row] = await db.select().from(customerLinks).where(eq(customerLinks.tokenHash, tokenHash(token)));
  if (!row) throw AppError.notFound(QUOTE_MESSAGES.linkInvalid);
  if (row.entityType !== type || row.entityId !== id) throw AppError.notFound(QUOTE_MESSAGES.linkOtherDocument);
  const state = stateOf(row);
  if (state === 'revoked') throw new AppError('FORBIDDEN', QUOTE_MESSAGES.linkRevoked, { details: { code: 'link_revoked' } });
  if (state === 'expired') throw new AppError('FORBIDDEN', QUOTE_MESSAGES.linkExpired, { details: { code: 'link_expired' } });
  return row;
}

/** Logs one use of a link on its document (in the caller's transaction when it changes something). */
/** A document's PDF through a link: the link resolved for that document, the use logged, then the document's own PDF. */
export async function pdfThroughLink<T>(db: Db, caller: LinkCaller, type: CustomerLinkDocument, id: number, pdf: () => Promise<T>): Promise<T> {
  const link = await resolveLink(db, caller, type, id);
  await logLinkEvent(db, link, caller, 'pdf');
  return pdf();
}

export async function logLinkEvent(db: Db, link: LinkRow, caller: LinkCaller, action: 'view' | 'pdf' | 'accept' | 'decline') {
  await db.insert(customerLinkEvents).values({
    linkId: link.id,
    entityType: link.entityType,
    entityId: link.entityId,
    action,
    ip: caller.ip.slice(0, 100),
    userAgent: caller.userAgent.slice(0, 500),
  });
}

import type { CustomerLinkDocument } from '@icehouse/domain';
import type { Db } from '@icehouse/db/client';
import { defineOperation, type Access } from '../../operations/define';
import { createLink, linkEvents, listLinks, revokeLink } from './links';
import {
  customerLinkAnswer,
  customerLinkCreatedAnswer,
  customerLinkEventsAnswer,
  customerLinksAnswer,
  linkCreateInput,
  linkRevokeInput,
} from './schemas';

const documentIdInput = linkRevokeInput.pick({ id: true });

/** What the staff's link calls need to know of the document they are made for. */
export interface LinkedDocument {
  type: CustomerLinkDocument;
  /** 'quote', 'invoice': the word the summaries use. */
  noun: string;
  /** '/api/quotes/{id}/': the document's own REST path, the links' paths go under it. */
  path: string;
  tag: string;
  /** Who may see and manage the document's links: who may read the document. */
  access: Exclude<Access, 'public'>;
  /** Throws the document's 404 when there is no such document. */
  exists: (db: Db, id: number) => Promise<void>;
}

/**
 * The staff's calls on a document's customer links (decision 161): list, make, revoke, and the log of
 * their uses. One declaration of each, spread into each linked document's operations (quotes, invoices),
 * so the rules and the answers are the same whichever document a link opens.
 */
export function documentLinkOperations(doc: LinkedDocument) {
  const { type, noun, path, tag, exists, access } = doc;
  return {
    links: defineOperation({
      kind: 'query',
      access,
      input: documentIdInput,
      output: customerLinksAnswer,
      run: async ({ deps, input }) => {
        await exists(deps.database.db, input.id);
        return { results: await listLinks(deps, type, input.id) };
      },
      rest: {
        method: 'GET',
        path: `${path}links/`,
        summary: `The ${noun}'s customer links, newest first: state (active, expired, revoked), expiry, uses. Their tokens are never shown again.`,
        tag,
      },
    }),
    createLink: defineOperation({
      kind: 'mutation',
      access,
      input: linkCreateInput,
      output: customerLinkCreatedAnswer,
      run: ({ deps, user, input }) => createLink(deps, user, type, input.id, input.data, (db) => exists(db, input.id)),
      rest: {
        method: 'POST',
        path: `${path}links/`,
        summary: `Make a customer link to the ${noun} (days: 1 to 365, default 60). 201 with its url, answered this once (built from PUBLIC_BASE_URL).`,
        tag,
        body: 'data',
        successStatus: 201,
        tokens: false,
      },
    }),
    revokeLink: defineOperation({
      kind: 'mutation',
      access,
      input: linkRevokeInput,
      output: customerLinkAnswer,
      run: ({ deps, user, input }) => revokeLink(deps, user.id, type, input.id, input.linkId),
      rest: {
        method: 'POST',
        path: `${path}links/{linkId}/revoke/`,
        summary: `Revoke one of the ${noun}'s customer links: it stops working at once. 404 for a link of another document.`,
        tag,
      },
    }),
    linkEvents: defineOperation({
      kind: 'query',
      access,
      input: documentIdInput,
      output: customerLinkEventsAnswer,
      run: async ({ deps, input }) => {
        await exists(deps.database.db, input.id);
        return { results: await linkEvents(deps, type, input.id) };
      },
      rest: {
        method: 'GET',
        path: `${path}link-events/`,
        summary: `Each use of the ${noun}'s customer links (view, pdf, and a quote's accept and decline) with time, address and browser, newest first (at most 500).`,
        tag,
      },
    }),
  };
}

import { MESSAGES, seesMoney } from '@icehouse/domain';
import { ACCESS_MESSAGES } from '../../operations/access';
import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { AppError } from '../../errors';
import { getDocument, listDocuments, readBlob, versionedFilename } from './archive';
import { sendArchivedPdf } from './reply';
import { documentIdInput, documentList } from './schemas';

const TAG = 'Archived documents';

/** The archived documents with no price on them: the bill of lading and the build sheet. */
const MONEYLESS_DOCUMENTS: readonly string[] = ['bol', 'build_sheet'];

/** Every version of the documents produced for an invoice or an order (decision 061). */
export const documentsOperations = operationSet('documents', {
  /** The invoice's PDFs, newest version first. */
  forInvoice: defineOperation({
    kind: 'query',
    access: 'books',
    input: documentIdInput,
    output: documentList,
    run: async ({ deps, input }) => ({ results: await listDocuments(deps, 'invoice', input.id) }),
  }),
  /** The order's bills of lading and prints, newest version first. */
  forOrder: defineOperation({
    kind: 'query',
    access: 'work',
    input: documentIdInput,
    output: documentList,
    run: async ({ deps, user, input }) => ({
      results: [
        ...(await listDocuments(deps, 'bol', input.id)),
        // The order's print carries its prices: listed only to roles that see money.
        ...(seesMoney(user.role) ? await listDocuments(deps, 'order_print', input.id) : []),
        ...(await listDocuments(deps, 'build_sheet', input.id)),
      ],
    }),
  }),
  download: defineBinaryOperation({
    kind: 'query',
    access: 'work',
    input: documentIdInput,
    trpc: false,
    run: async ({ deps, user, input }) => {
      const document = await getDocument(deps, input.id);
      if (!document) throw AppError.notFound(MESSAGES.documentNotFound);
      // Every kind but the shop floor's own papers carries prices: refused to roles that see no money.
      if (!seesMoney(user.role) && !MONEYLESS_DOCUMENTS.includes(document.kind)) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.forbidden);
      return {
        document,
        filename: versionedFilename(document.filename, document.version),
        rendered: false,
        bytes: () => readBlob(deps, document.sha256),
      };
    },
    rest: {
      method: 'GET',
      path: '/api/documents/{id}/',
      summary:
        'One archived version of a document (attachment named with its version, e.g. invoice-2042-v2.pdf), byte for byte as it was produced. Strong ETag; ' +
        'If-None-Match -> 304. 404 {detail} when there is no such document; 403 for a role that sees no money, but for a bill of lading or a build sheet.',
      tag: TAG,
      produces: 'application/pdf',
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'attachment'),
    },
  }),
});

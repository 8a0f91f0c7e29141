import { z } from 'zod';

/** The id of an invoice or order (forInvoice, forOrder) or of an archived document (download). */
export const documentIdInput = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const documentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'bol', 'order_print', 'build_sheet', 'quote', 'credit_note', 'statement', 'purchase_order']),
  record_id: z.number().int(),
  version: z.number().int(),
  record_version: z.number().int().nullable(),
  filename: z
    .string()
    .describe('The name this version downloads under, with its version: invoice-2042-v2.pdf'),
  size: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export const documentList = z.object({ results: z.array(documentSchema) });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const documentsAnswers = {
  'documents.forInvoice': documentList,
  'documents.forOrder': documentList,
};

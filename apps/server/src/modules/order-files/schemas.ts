import { z } from 'zod';
import { LIMITS } from '@icehouse/domain';
import { idField } from '../../operations/input';

/** An order's two PDFs: which one, and what its calls answer. */
export const ORDER_FILE_KINDS = ['blueprint', 'door_placement'] as const;
export type OrderFileKind = (typeof ORDER_FILE_KINDS)[number];
export const orderFileInput = z.object({ id: idField, kind: z.enum(ORDER_FILE_KINDS) });

export const blueprintAnswer = z.object({ blueprint: z.string().nullable(), blueprint_filename: z.string().nullable() });
export const doorPlacementAnswer = z.object({
  door_placement_drawing: z.string().nullable(),
  door_placement_filename: z.string().nullable(),
});
export const fileAnswer = z.union([blueprintAnswer, doorPlacementAnswer]);

/** The OpenAPI description of an upload's multipart body: one file part named `field`. */
export const uploadBodyDoc = (field: string) =>
  z
    .object({ [field]: z.string().meta({ format: 'binary' }) })
    .describe(`One file part (${field}); PDF content only, at most ${LIMITS.uploadMaxBytes} bytes. 413 too large, 415 not a PDF.`);

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const orderFilesAnswers = {
  'orders.uploadFile': fileAnswer,
  'orders.removeFile': fileAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const orderFilesRestAnswers = {
  'POST /api/orders/{id}/blueprint/': blueprintAnswer,
  'POST /api/orders/{id}/door-placement-drawing/': doorPlacementAnswer,
  'POST /api/orders/{id}/door-placement/': doorPlacementAnswer,
  'DELETE /api/orders/{id}/remove-blueprint/': blueprintAnswer,
  'DELETE /api/orders/{id}/remove-door-placement/': doorPlacementAnswer,
};

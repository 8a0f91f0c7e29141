import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

const FALLBACK = 'combined-invoice.pdf';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="combined-invoice-1007.pdf"', 'combined-invoice-1007.pdf'],
    ['attachment; filename=invoice-12.pdf', 'invoice-12.pdf'],
    ['attachment; filename="plain.pdf"; filename*=UTF-8\'\'Rechnung%20%C3%A4.pdf', 'Rechnung ä.pdf'],
    ['attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
  ])('%s -> %s', (header, expected) => {
    expect(fileNameFromDisposition(header, FALLBACK)).toBe(expected);
  });

  it.each([null, '', 'attachment', 'inline; filename=""', 'attachment; filename=".."'])(
    'falls back for %j',
    (header) => {
      expect(fileNameFromDisposition(header, FALLBACK)).toBe(FALLBACK);
    },
  );
});

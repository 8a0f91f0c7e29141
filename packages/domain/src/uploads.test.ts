import { describe, expect, it } from 'vitest';
import { validatePdfUpload } from './uploads';

describe('validatePdfUpload', () => {
  it('accepts PDFs up to 50MB', () => {
    expect(validatePdfUpload({ name: 'plan.pdf', type: 'application/pdf', size: 52_428_800 })).toBeNull();
    expect(validatePdfUpload({ name: 'PLAN.PDF', type: '', size: 10 })).toBeNull();
  });

  it('refuses other files and larger ones with the spec messages', () => {
    expect(validatePdfUpload({ name: 'plan.png', type: 'image/png', size: 10 })).toBe(
      'Please upload PDF files only',
    );
    expect(validatePdfUpload({ name: 'plan.pdf', type: 'image/png', size: 10 })).toBe(
      'Please upload PDF files only',
    );
    expect(validatePdfUpload({ name: 'plan.pdf', type: 'application/pdf', size: 52_428_801 })).toBe(
      'File size must be less than 50MB',
    );
  });
});

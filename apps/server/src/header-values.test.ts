import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { contentDisposition, headerText } from './header-values';

/** Node's own check of header values: what would have thrown at send time. */
const sendable = (value: string) => {
  try {
    http.validateHeaderValue('x-test', value);
    return true;
  } catch {
    return false;
  }
};

const HOSTILE = ['INV–7001', 'INV-🧊-1', 'INV-1\r\nSet-Cookie: a=b', 'say "hi"', 'a;b', '50% off', ' padded ', 'lone \ud800 surrogate', 'Ünïcödé'];

describe('headerText', () => {
  it('keeps plain visible ASCII as it is', () => {
    expect(headerText('1001')).toBe('1001');
    expect(headerText('INV-7001/A_b.c')).toBe('INV-7001/A_b.c');
  });

  it('percent-encodes en dash, emoji, CR/LF, space and % as UTF-8; decodeURIComponent gives the text back', () => {
    expect(headerText('INV–7001')).toBe('INV%E2%80%937001');
    expect(headerText('INV-🧊-1')).toBe('INV-%F0%9F%A7%8A-1');
    expect(headerText('INV-1\r\nSet-Cookie: a=b')).toBe('INV-1%0D%0ASet-Cookie:%20a=b');
    expect(headerText('50% off')).toBe('50%25%20off');
    for (const value of HOSTILE.filter((v) => !v.includes('\ud800'))) expect(decodeURIComponent(headerText(value))).toBe(value);
    expect(headerText('lone \ud800 surrogate')).toBe('lone%20%EF%BF%BD%20surrogate');
  });

  it('always gives a value Node sends', () => {
    for (const value of HOSTILE) expect(sendable(headerText(value)), value).toBe(true);
    expect(sendable('INV–7001')).toBe(false); // what the raw value did
  });
});

describe('contentDisposition', () => {
  it('is the plain form for a plain ASCII name', () => {
    expect(contentDisposition('attachment', 'invoice-1001.pdf')).toBe('attachment; filename="invoice-1001.pdf"');
  });

  it('adds filename* (RFC 8187) with an ASCII stand-in for any other name', () => {
    expect(contentDisposition('inline', 'invoice-INV–7001.pdf')).toBe(`inline; filename="invoice-INV_7001.pdf"; filename*=UTF-8''invoice-INV%E2%80%937001.pdf`);
    expect(contentDisposition('attachment', 'a "b";c.pdf')).toBe(`attachment; filename="a _b__c.pdf"; filename*=UTF-8''a%20%22b%22%3Bc.pdf`);
    expect(contentDisposition('inline', '🧊\r\n.pdf')).toBe(`inline; filename="___.pdf"; filename*=UTF-8''%F0%9F%A7%8A%0D%0A.pdf`);
  });

  it('always gives a value Node sends, whose filename* decodes to the name', () => {
    for (const name of HOSTILE) {
      const value = contentDisposition('attachment', name);
      expect(sendable(value), name).toBe(true);
      expect(value.split('\n')).toHaveLength(1);
      const extended = /filename\*=UTF-8''(.*)$/.exec(value)?.[1];
      if (!name.includes('\ud800')) expect(extended === undefined ? name : decodeURIComponent(extended), name).toBe(name);
    }
  });
});

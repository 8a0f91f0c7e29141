import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  addMoney,
  formatMoney,
  formatTwoDecimals,
  multiplyQty,
  parseMoney,
  percentOf,
  roundCents,
  toDecimal,
  toMoneyString,
} from './money';

describe('toDecimal / parseMoney', () => {
  it('reads numbers, numeric text and Decimals exactly', () => {
    expect(toDecimal('1250.50').toString()).toBe('1250.5');
    expect(toDecimal(' 12 ').toString()).toBe('12');
    expect(toDecimal(0.1).toString()).toBe('0.1');
    expect(toDecimal(new Decimal('3.333')).toString()).toBe('3.333');
    expect(toDecimal('-5').toString()).toBe('-5');
    expect(toDecimal('.5').toString()).toBe('0.5');
    expect(toDecimal('1e3').toString()).toBe('1000');
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'abc',
    '12abc',
    '$5',
    '1,000',
    NaN,
    Infinity,
    -Infinity,
    'Infinity',
    'NaN',
    '0x10',
    {},
    [],
    true,
  ])('counts %s as 0 (non-numeric inputs count as 0)', (v) => {
    expect(toDecimal(v).isZero()).toBe(true);
    expect(parseMoney(v)).toBeNull();
  });

  it('parseMoney distinguishes 0 from not-a-number', () => {
    expect(parseMoney('0')?.isZero()).toBe(true);
    expect(parseMoney(new Decimal(NaN))).toBeNull();
  });
});

describe('roundCents', () => {
  it.each([
    ['1.005', '1.01'],
    ['1.004', '1.00'],
    ['2.675', '2.68'],
    ['-1.005', '-1.01'],
    ['-0.004', '0.00'],
    ['0.125', '0.13'],
    ['10', '10.00'],
  ])('rounds %s half up to %s', (input, expected) => {
    expect(roundCents(input).toFixed(2)).toBe(expected);
  });

  it('never yields negative zero', () => {
    expect(roundCents('-0.001').isNegative()).toBe(false);
    expect(toMoneyString(-0)).toBe('0.00');
  });
});

describe('arithmetic', () => {
  it('adds without float error', () => {
    expect(addMoney(0.1, 0.2).toFixed(2)).toBe('0.30');
    expect(addMoney('19.99', '0.01', null, 'x').toFixed(2)).toBe('20.00');
    expect(addMoney().toFixed(2)).toBe('0.00');
  });

  it('multiplies price by quantity and rounds the line to cents', () => {
    expect(multiplyQty('19.99', 3).toFixed(2)).toBe('59.97');
    expect(multiplyQty('10.00', 2.5).toFixed(2)).toBe('25.00');
    expect(multiplyQty('0.33', '0.5').toFixed(2)).toBe('0.17'); // 0.165 -> 0.17
    expect(multiplyQty('5', 'x').toFixed(2)).toBe('0.00');
  });

  it('takes a percentage, rounding the result half up', () => {
    expect(percentOf('1000', '8.25').toFixed(2)).toBe('82.50');
    expect(percentOf('10.10', '5').toFixed(2)).toBe('0.51'); // 0.505
    expect(percentOf('99.99', '8.875').toFixed(2)).toBe('8.87'); // 8.8741...
  });
});

describe('toMoneyString', () => {
  it('gives the wire format: two places, no separators', () => {
    expect(toMoneyString('1250')).toBe('1250.00');
    expect(toMoneyString(1234567.891)).toBe('1234567.89');
    expect(toMoneyString(0.1 + 0.2)).toBe('0.30');
    expect(toMoneyString(null)).toBe('0.00');
    expect(toMoneyString('-5')).toBe('-5.00');
  });

  it('answers text already in the wire format as it is, and anything else through the rounding', () => {
    const texts = [
      '0.00',
      '-0.00',
      '1250.50',
      '-3.07',
      '007.50',
      '1.5',
      '1.505',
      '1.995',
      ' 1.00',
      '1.00 ',
      '+1.00',
      '1e3',
      '.50',
      '-.50',
      '99999999.99',
    ];
    for (const t of texts) expect(toMoneyString(t), t).toBe(roundCents(t).toFixed(2));
    expect(toMoneyString('-0.00')).toBe('0.00');
    expect(toMoneyString('007.50')).toBe('7.50');
    fc.assert(
      fc.property(fc.boolean(), fc.nat(), fc.integer({ min: 0, max: 999 }), (negative, whole, fraction) => {
        const text = `${negative ? '-' : ''}${whole}.${String(fraction).padStart(fraction > 99 ? 3 : 2, '0')}`;
        expect(toMoneyString(text)).toBe(roundCents(text).toFixed(2));
      }),
    );
  });
});

describe('formatMoney', () => {
  it.each([
    ['1234.5', '$1,234.50'],
    ['-5', '-$5.00'],
    [0, '$0.00'],
    ['1000000', '$1,000,000.00'],
    ['999.999', '$1,000.00'],
    ['abc', '$0.00'],
    [-0.001, '$0.00'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });
});

describe('formatTwoDecimals (money inputs on blur)', () => {
  it.each([
    ['', ''],
    ['  ', ''],
    [null, ''],
    [undefined, ''],
    ['5', '5.00'],
    ['1.005', '1.01'],
    [12.3, '12.30'],
    ['abc', 'abc'],
  ])('%s -> %s', (input, expected) => {
    expect(formatTwoDecimals(input)).toBe(expected);
  });
});

describe('money properties', () => {
  const cents = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });
  const asMoney = (c: bigint) => new Decimal(c.toString()).dividedBy(100);

  it('a cent amount survives the wire format unchanged', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const s = toMoneyString(asMoney(c));
        expect(toDecimal(s).equals(asMoney(c))).toBe(true);
        expect(s).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });

  it('display and wire formats agree on the amount', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const display = formatMoney(asMoney(c));
        const back = display.replace('$', '').replaceAll(',', '');
        expect(back).toBe(toMoneyString(asMoney(c)));
      }),
    );
  });

  it('rounding is within half a cent and idempotent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), (milli) => {
        const v = new Decimal(milli.toString()).dividedBy(1000);
        const r = roundCents(v);
        expect(r.minus(v).abs().lessThanOrEqualTo('0.005')).toBe(true);
        expect(roundCents(r).equals(r)).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  formats,
  isBirthDate,
  isEmail,
  isNotFutureYear,
  isPastDate,
  isPersonName,
  isTurkishNationalId,
  isTurkishPhone,
  normalizeTurkishPhone,
} from '../../../src/forms/formats';

/** Builds a valid ID from its first nine digits with the spec's checksum rules. */
function nationalId(firstNine: string): string {
  const d = Array.from(firstNine, Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = (d.reduce((a, b) => a + b, 0) + tenth) % 10;
  return `${firstNine}${tenth}${eleventh}`;
}

describe('Turkish national ID', () => {
  it.each([nationalId('100000001'), nationalId('123456789'), '10000000146', nationalId('987654321')])(
    'accepts %s',
    (id) => expect(isTurkishNationalId(id)).toBe(true),
  );
  const good = nationalId('123456789');
  it.each([
    ['first digit 0', `0${good.slice(1)}`],
    ['wrong 10th digit', `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}${good[10]}`],
    ['wrong 11th digit', `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`],
    ['10 digits', good.slice(0, 10)],
    ['12 digits', `${good}1`],
    ['letters', '1234567890a'],
  ])('refuses %s', (_, id) => expect(isTurkishNationalId(id)).toBe(false));
});

describe('Turkish phone', () => {
  it.each(['+905321234567', '05321234567', '5321234567', '2161234567', '05321234567 '])('accepts %j', (p) =>
    expect(isTurkishPhone(p)).toBe(true),
  );
  it.each(['00532123456', '+900321234567', '053212345', '+915321234567', '0532123456a', '0532/1234567', ''])(
    'refuses %j',
    (p) => expect(isTurkishPhone(p)).toBe(false),
  );
  it.each([
    ['0532 123 45 67', '+905321234567'],
    ['(0532) 123-45-67', '+905321234567'],
    ['+90 532 123 45 67', '+905321234567'],
    ['+90 (532) 123 45 67', '+905321234567'],
    ['0090 532 123 4567', '+905321234567'],
    ['532.123.45.67', '+905321234567'],
    ['0212 345 67 89', '+902123456789'],
  ])('stores %j as %j', (typed, stored) => expect(normalizeTurkishPhone(typed)).toBe(stored));
  it.each(['0532 123 45', '+91 532 123 45 67', 'abc'])(
    'leaves %j unnormalised: it is not a phone yet',
    (typed) => expect(normalizeTurkishPhone(typed)).toBeUndefined(),
  );
});

describe('e-mail address', () => {
  it.each([
    'ayse@example.com',
    'Ayse.Yilmaz+klinik@psikolog.com.tr',
    "o'neil_x-1@mail.example.org",
    'a@b.co',
  ])('accepts %j', (email) => expect(isEmail(email)).toBe(true));
  it.each([
    '',
    'ayse',
    'ayse@',
    '@example.com',
    'ayse@example',
    'ayse@@example.com',
    'ayşe@example.com',
    'ayse..yilmaz@example.com',
    '.ayse@example.com',
    'ayse@-example.com',
    'ayse@example-.com',
    'ayse yilmaz@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j', (email) => expect(isEmail(email)).toBe(false));
  it('is the format schemas name as "email"', () => {
    expect(formats.email.validate('ayse@example.com')).toBe(true);
    expect(formats.email.validate('ayse@example')).toBe(false);
  });
});

describe('person name', () => {
  it.each(['Çağrı', 'İlknur Şahin', 'Gülşen Öztürk', 'Kâzım', ''])('accepts %j', (n) =>
    expect(isPersonName(n)).toBe(true),
  );
  it.each(['Ali2', 'Ay-şe', "O'Neil", 'Ali.'])('refuses %j', (n) => expect(isPersonName(n)).toBe(false));
});

describe('dates', () => {
  const now = new Date(2026, 10, 22, 15, 0);
  it('accepts today and the past, refuses tomorrow and impossible dates', () => {
    expect(isPastDate('2026-11-22', now)).toBe(true);
    expect(isPastDate('1990-02-28', now)).toBe(true);
    expect(isPastDate('2026-11-23', now)).toBe(false);
    expect(isPastDate('2026-02-30', now)).toBe(false);
    expect(isPastDate('22.11.2026', now)).toBe(false);
  });
  it('computes age with 365.25-day years and bounds it to 0..100', () => {
    expect(ageInYears('2016-11-22', now)).toBeCloseTo(10, 2);
    expect(isBirthDate('2026-11-22', now)).toBe(true);
    expect(isBirthDate('1926-11-23', now)).toBe(true);
    expect(isBirthDate('1925-11-22', now)).toBe(false);
    expect(isBirthDate('2027-01-01', now)).toBe(false);
  });
  it('accepts years up to the current one', () => {
    expect(isNotFutureYear(2026, now)).toBe(true);
    expect(isNotFutureYear(2027, now)).toBe(false);
    expect(isNotFutureYear(2025.5, now)).toBe(false);
  });
});

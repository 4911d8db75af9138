import { deflateSync } from 'node:zlib';

/** Smallest real files of each type: file-type recognises them by their bytes. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1x1 PNG. */
export const PNG = (() => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 255, 255]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
})();

/** The start of a JPEG (JFIF): enough for content sniffing. */
export const JPEG = Buffer.concat([
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  ]),
  Buffer.from([0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);

/** A GIF: a real image the spec does not accept. */
export const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipart(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }
  >,
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A Turkish national ID that passes the checksum, built from 9 digits (first not 0). */
export function nationalId(seed: number): string {
  const digits = String(100_000_000 + (seed % 900_000_000))
    .slice(0, 9)
    .split('')
    .map(Number);
  const odd = digits[0]! + digits[2]! + digits[4]! + digits[6]! + digits[8]!;
  const even = digits[1]! + digits[3]! + digits[5]! + digits[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = (digits.reduce((a, b) => a + b, 0) + tenth) % 10;
  return [...digits, tenth, eleventh].join('');
}

export const STRONG_PASSWORD = 'Str0ng!Pass';

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function step1Body(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    acceptTerms: true,
    acceptPrivacyPolicy: true,
    ...overrides,
  };
}

export function step2Body(overrides: Record<string, unknown> = {}) {
  return {
    university: 'Boğaziçi Üniversitesi',
    department: 'Psikoloji',
    graduationYear: 2015,
    professionalTitle: 'Psikolog',
    chamberRegistrationNumber: 'PSK-2024-001',
    nationalId: nationalId(Math.floor(Math.random() * 1e9)),
    kvkkConsent: true,
    ...overrides,
  };
}

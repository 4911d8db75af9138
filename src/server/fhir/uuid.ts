import { createHash } from 'node:crypto';

// a fixed namespace of this product's FHIR export: the same record always gets the same id (RFC 9562, version 5)
const NAMESPACE = Buffer.from('5c4b1d0e8a3f4e2b9d7a6c1e0f2b3a49', 'hex');

/** A name-based UUID (version 5): a re-export names the same questionnaire, score or informant the same way. */
export function uuidOf(...parts: string[]): string {
  const hash = createHash('sha1').update(NAMESPACE).update(parts.join('\u0000')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const urn = (uuid: string) => `urn:uuid:${uuid}`;

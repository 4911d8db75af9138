/**
 * `npm run openapi`: writes docs/openapi.json, the OpenAPI 3.1 document generated from the routes' schemas
 * (ADR 117). tests/server/openapi.test.ts fails while the committed file differs from what the routes say.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withApiApp } from './api-app';

export const OPENAPI_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../docs/openapi.json',
);

/** The document as the file holds it: two-space JSON and a final newline. */
export const openApiText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;

const text = await withApiApp((app) => openApiText(app.swagger()));
writeFileSync(OPENAPI_FILE, text);
console.log(`openapi: ${path.relative(process.cwd(), OPENAPI_FILE)} written`);

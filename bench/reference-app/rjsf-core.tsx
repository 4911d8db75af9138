/**
 * A floor for the bundle figures: React, router and RJSF's Form with a precompiled validator (no Ajv
 * compiler), which is what any page drawn by SchemaForm needs at the least.
 */
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const schema: RJSFSchema = { type: 'object', properties: { email: { type: 'string' } } };
const accept = Object.assign(() => true, { errors: null });
const validator = createPrecompiledValidator({ root: accept } as unknown as ValidatorFunctions, {
  ...schema,
  $id: 'root',
});
const router = createBrowserRouter([
  { path: '*', element: <Form schema={{ ...schema, $id: 'root' }} validator={validator} /> },
]);
const root = document.getElementById('root');
if (root) createRoot(root).render(<RouterProvider router={router} />);

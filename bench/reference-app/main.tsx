/**
 * The bundle-size reference: the same React and router as the product and a plain RJSF form with the
 * default theme and validator, on a login route and an intake-section route. Nothing else.
 */
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';
import loginSchema from '../../schemas/auth/login/v1.schema.json';
import complaintSchema from '../../schemas/intake/complaint-history/v1.schema.json';

function Page({ title, schema }: { title: string; schema: RJSFSchema }) {
  return (
    <main>
      <h1>{title}</h1>
      <nav>
        <Link to="/login">Login</Link> <Link to="/client-intake/1/complaint-history">Intake</Link>
      </nav>
      <Form schema={schema} validator={validator} liveValidate onSubmit={() => undefined} />
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/login', element: <Page title="Sign in" schema={loginSchema as RJSFSchema} /> },
  {
    path: '/client-intake/:id/complaint-history',
    element: <Page title="Complaint history" schema={complaintSchema as RJSFSchema} />,
  },
  { path: '*', element: <Page title="Sign in" schema={loginSchema as RJSFSchema} /> },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

/** Reference: a plain RJSF page of the same schema, default theme and validator, live validation. */
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { formFromLocation } from './forms';

const form = formFromLocation();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Form
        schema={form.schema}
        formData={form.initial}
        validator={validator}
        liveValidate
        onSubmit={() => undefined}
      />
    </StrictMode>,
  );
}

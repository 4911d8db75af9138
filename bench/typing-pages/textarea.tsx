/** The floor: bare controlled React fields with the ids the other pages use, nothing else. */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Field({ id, multiline }: { id: string; multiline?: boolean }) {
  const [value, setValue] = useState('');
  return multiline ? (
    <textarea id={id} rows={6} value={value} onChange={(e) => setValue(e.target.value)} />
  ) : (
    <input id={id} value={value} onChange={(e) => setValue(e.target.value)} />
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Field id="root_complaintDescription" multiline />
      <Field id="root_currentMedications_0_name" />
      <Field id="root_currentMedications_0_dosage" />
      <Field id="root_currentMedications_0_frequency" />
    </StrictMode>,
  );
}

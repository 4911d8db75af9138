/** What a screen gives its form's widgets (RJSF `formContext`), and what SchemaForm adds to it. */
import type { ReactNode } from 'react';
import type { PendingEdits } from './pending-edits';

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  type: string;
}

export interface UploadOptions {
  /** The field's name (`diploma`, `photo`). */
  field: string;
  /** `ui:options.kind` of the field: `image` gets a preview. */
  kind: string;
  /** Called with 0..100 while the file is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Set by the screen; keep the object stable (useMemo) or every field re-renders. */
export interface ScreenFormContext {
  /** Sends a file as soon as it is picked; resolves with the stored file's id. */
  upload?: (file: File, options: UploadOptions) => Promise<UploadedFile>;
  /** Tells the screen that a field started or finished uploading (e.g. to disable Continue). */
  onUploadStateChange?: (field: string, uploading: boolean) => void;
  /** Called when the KVKK consent modal is accepted (true) or cancelled (false). */
  onKvkkConsent?: (accepted: boolean) => void;
  /** Consent already given (e.g. a saved draft): the modal does not open again. */
  kvkkConsent?: boolean;
  /** A checkbox label's link was followed (`ui:options.labelLink`, e.g. `terms`): open what it names. */
  onLabelLink?: (target: string) => void;
  /** Other names a searchable choice is found by, by its value (`Orta Doğu Teknik Üniversitesi`: ODTÜ, METU). */
  searchAliases?: Readonly<Record<string, readonly string[]>>;
  /** A live note drawn right under a top-level field, by its name (e-mail availability under `email`). */
  fieldNotes?: Record<string, ReactNode>;
}

/** Added by SchemaForm; widgets use them to reach the form's other fields. */
export interface SchemaFormContext extends ScreenFormContext {
  formId?: string;
  /** The current value of a top-level property. */
  getRootValue?: (key: string) => unknown;
  /** Sets a top-level property (e.g. the national ID widget sets `kvkkConsent`). */
  setRootValue?: (key: string, value: unknown) => void;
  /** Text typed but not yet in the form's data: free-text widgets register here (ADR 006). */
  pendingEdits?: PendingEdits;
}

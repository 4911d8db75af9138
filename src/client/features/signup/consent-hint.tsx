import { focusField } from '../../forms/focus-field';
import { splitLinkedLabel } from '../../forms/widgets/label-link';

/** The consent field's DOM id on step 2 (RJSF: `root_` + the field name). */
const CONSENT_FIELD_ID = 'root_kvkkConsent';

/**
 * Why Continue waits: it names where the KVKK box is (above, after the Turkish ID number), and the words
 * in [ ] of the text are a link that takes focus to the box.
 */
export function ConsentHint({ id, text }: { id: string; text: string }) {
  const { before, link, after } = splitLinkedLabel(text);
  return (
    <p className="mt-2 text-slate-700" id={id}>
      {before}
      {link !== undefined && (
        <a
          href={`#${CONSENT_FIELD_ID}`}
          onClick={(event) => {
            if (focusField(CONSENT_FIELD_ID)) event.preventDefault();
          }}
        >
          {link}
        </a>
      )}
      {after}
    </p>
  );
}

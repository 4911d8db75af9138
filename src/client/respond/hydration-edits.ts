/**
 * What the respondent answered on the server's page before its script arrived (ADR 134). Hydration keeps the
 * page's inputs as they are, while the form's data still holds the server's answers: each change is read
 * from the page before hydrating and played again once hydrated, as the respondent's own click or typing, so
 * the form takes it through its usual path (saved, counted, shown) and nothing differs from a normal answer.
 */

export type Edit = { id: string; checked: boolean } | { id: string; value: string };

type Field = HTMLInputElement | HTMLTextAreaElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');

/**
 * The fields whose state differs from the form's data: `defaultChecked`/`defaultValue` hold the HTML's, which
 * hydration leaves as drawn from the same data.
 */
export function editsBefore(root: HTMLElement): Edit[] {
  const edits: Edit[] = [];
  for (const field of root.querySelectorAll<Field>('input[id], textarea[id]')) {
    if (field.type === 'hidden') continue;
    if (isToggle(field)) {
      // a radio left for another of its group is the other's edit
      if (field.checked !== field.defaultChecked && (field.checked || field.type === 'checkbox'))
        edits.push({ id: field.id, checked: field.checked });
    } else if (field.value !== field.defaultValue) edits.push({ id: field.id, value: field.value });
  }
  return edits;
}

/** The prototype's value setter: sets the field without React's tracking noticing, as typing does. */
function setNativeValue(field: Field, value: string) {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/** Plays the edits on the hydrated page, each as the event the respondent's own change fires. */
export function replayEdits(root: HTMLElement, edits: readonly Edit[]): void {
  for (const edit of edits) {
    const field = root.ownerDocument.getElementById(edit.id) as Field | null;
    if (!field || !root.contains(field) || field.disabled) continue;
    if ('checked' in edit) {
      if (!isToggle(field)) continue;
      // React tracks `checked` through its setter: set back, the click is then a change it hears
      field.checked = !edit.checked;
      field.click();
    } else {
      field.value = field.defaultValue;
      setNativeValue(field, edit.value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** A send respond.html's inline script held back while the drawn page was not yet the app's. */
interface HeldSubmit {
  form: EventTarget | null;
  submitter: HTMLElement | null;
}

type PageWindow = Window & { respondLive?: boolean; heldSubmit?: HeldSubmit };

/**
 * The page is the app's from now on: sends go to the form's own handler, no longer held. A send held before is
 * played again with `replay` (the hydrated page, whose form is the same element), else dropped (a page drawn
 * anew from the link's saved answers: the respondent sees it and sends again).
 */
export function goLive(root: HTMLElement, replay: boolean): void {
  const page = root.ownerDocument.defaultView as PageWindow | null;
  if (!page) return;
  page.respondLive = true;
  const held = page.heldSubmit;
  page.heldSubmit = undefined;
  if (!replay || !held || !(held.form instanceof HTMLFormElement) || !root.contains(held.form)) return;
  const submitter =
    held.submitter && held.form.contains(held.submitter) && !held.submitter.hasAttribute('disabled')
      ? held.submitter
      : null;
  held.form.requestSubmit(submitter);
}

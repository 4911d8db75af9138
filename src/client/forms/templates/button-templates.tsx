import {
  getSubmitButtonOptions,
  type IconButtonProps,
  type SubmitButtonProps,
  type TemplatesType,
  TranslatableString,
} from '@rjsf/utils';
import { useFormText } from '../form-text';
import { linkButton, primaryButton, secondaryButton } from '../styles';

/** The default submit button (screens usually pass their own buttons as children). */
export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const t = useFormText();
  const { submitText, norender, props: buttonProps } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <button type="submit" {...buttonProps} className={primaryButton}>
      {/* RJSF's default text is English: use ours unless the uiSchema set one */}
      {submitText && submitText !== 'Submit' ? submitText : t('form.submit')}
    </button>
  );
}

/** An RJSF button (add, remove, move...) as a labelled text button: no icon fonts. */
function TextButton({
  registry,
  text,
  look,
  iconType: _iconType,
  icon: _icon,
  uiSchema: _uiSchema,
  ...rest
}: IconButtonProps & { text: TranslatableString; look: string }) {
  return (
    <button type="button" {...rest} className={`${look} ${rest.className ?? ''}`}>
      {registry.translateString(text)}
    </button>
  );
}

export function AddButton(props: IconButtonProps) {
  return <TextButton {...props} text={TranslatableString.AddItemButton} look={secondaryButton} />;
}
export function CopyButton(props: IconButtonProps) {
  return <TextButton {...props} text={TranslatableString.CopyButton} look={linkButton} />;
}
export function MoveDownButton(props: IconButtonProps) {
  return <TextButton {...props} text={TranslatableString.MoveDownButton} look={linkButton} />;
}
export function MoveUpButton(props: IconButtonProps) {
  return <TextButton {...props} text={TranslatableString.MoveUpButton} look={linkButton} />;
}
export function RemoveButton(props: IconButtonProps) {
  return <TextButton {...props} text={TranslatableString.RemoveButton} look={linkButton} />;
}
export function ClearButton(props: IconButtonProps) {
  return <TextButton {...props} text={TranslatableString.ClearButton} look={linkButton} />;
}

/**
 * RJSF's buttons, themed: every one of them, since the client build leaves RJSF's own out (ADR 150), so a button
 * a later RJSF adds fails the type check here rather than drawing nothing.
 */
export const buttonTemplates = {
  SubmitButton,
  AddButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
  ClearButton,
} satisfies Record<keyof TemplatesType['ButtonTemplates'], unknown>;

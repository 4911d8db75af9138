import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the action does, in the dialog's body. */
  children: ReactNode;
  cancelText: ReactNode;
  confirmText: ReactNode;
  /** `danger` for an action that removes something. */
  tone?: 'primary' | 'danger';
  /** The action is running: the confirm button spins and Cancel waits for it. */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button and the backdrop. */
  onCancel: () => void;
}

/** Asks before an action that cannot simply be undone; focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  open,
  title,
  children,
  cancelText,
  confirmText,
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      initialFocus="[data-cancel]"
      footer={
        <>
          <Button variant="secondary" data-cancel onClick={onCancel} disabled={busy}>
            {cancelText}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmText}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/client/components/confirm-dialog';
import { DataTable } from '../../../src/client/components/data-table';
import { ErrorScreen } from '../../../src/client/components/error-screen';
import { Modal } from '../../../src/client/components/modal';
import { Toaster, toast, usePageConfirmation, useToastStore } from '../../../src/client/components/toast';
import { i18n } from '../../../src/client/i18n';

const wrap = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.getState().clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('show a title, a message and an action, and close by themselves after 5000 ms', () => {
    const onClick = vi.fn();
    wrap(<Toaster />);
    act(() => {
      toast.success('Credentials Saved', { message: 'Saved.', action: { label: 'Undo', onClick } });
    });
    expect(screen.getByText('Credentials Saved')).toBeInTheDocument();
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Credentials Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Credentials Saved')).toBeNull();
  });

  it('honour another duration, put errors in an alert region and can be dismissed', () => {
    wrap(<Toaster />);
    act(() => {
      toast.error('Registration Failed', { message: 'Email taken', duration: 10_000 });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Registration Failed');
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.getByText('Registration Failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Registration Failed')).toBeNull();
  });
});

/** A page with its own success notice. */
function ConfirmingPage() {
  usePageConfirmation(true);
  return <p>Intake submitted for Ada</p>;
}

describe('one toast at a time', () => {
  beforeEach(() => useToastStore.getState().clear());
  afterEach(cleanup);

  it('a new toast takes the place of the one showing, so they never stack', () => {
    wrap(<Toaster />);
    act(() => {
      toast.success('Form saved as draft');
      toast.success('Form submitted successfully');
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Form saved as draft')).toBeNull();
    expect(screen.getByText('Form submitted successfully')).toBeInTheDocument();
  });

  it('a page that shows its own confirmation closes the success toast that said the same', () => {
    wrap(<Toaster />);
    act(() => {
      toast.success('Form submitted successfully');
    });
    wrap(<ConfirmingPage />);
    expect(screen.queryByText('Form submitted successfully')).toBeNull();
    act(() => {
      toast.error('Could not save');
    });
    wrap(<ConfirmingPage />);
    // an error still says what the page does not
    expect(screen.getByText('Could not save')).toBeInTheDocument();
  });
});

function ModalHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open terms
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Terms"
        footer={<button type="button">Agree</button>}
      >
        <p>Text</p>
        <a href="#x">Privacy details</a>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  afterEach(cleanup);

  it('takes focus, keeps Tab inside, closes on Escape and gives focus back', () => {
    wrap(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Open terms' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Terms' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy details' })).toHaveFocus();
    screen.getByRole('button', { name: 'Agree' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(screen.getByRole('button', { name: 'Agree' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  afterEach(cleanup);
  const ask = (props: { busy?: boolean; onConfirm?: () => void; onCancel?: () => void }) =>
    wrap(
      <ConfirmDialog
        open
        title="Delete this record?"
        cancelText="Cancel"
        confirmText="Delete"
        tone="danger"
        busy={props.busy}
        onConfirm={props.onConfirm ?? (() => {})}
        onCancel={props.onCancel ?? (() => {})}
      >
        <p>It goes for good.</p>
      </ConfirmDialog>,
    );

  it('starts on Cancel, the safe choice; Escape and Cancel cancel, the other button confirms', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    ask({ onConfirm, onCancel });
    expect(screen.getByRole('dialog', { name: 'Delete this record?' })).toHaveTextContent(
      'It goes for good.',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while the action runs, the confirm button is busy and Cancel waits', () => {
    ask({ busy: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('DataTable', () => {
  afterEach(cleanup);
  const rows = [
    { id: 'a', scale: 'Sleep', score: 4 },
    { id: 'b', scale: 'Mood', score: 7 },
  ];
  const columns = [
    { header: 'Scale', cell: (row: (typeof rows)[number]) => row.scale },
    {
      header: 'Score',
      cell: (row: (typeof rows)[number]) => String(row.score),
      stackedClassName: 'font-mono',
    },
  ];

  it('gives columns their headers, the caption and, if asked, row headers', () => {
    wrap(
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Scores by scale" rowHeaders />,
    );
    const table = screen.getByRole('table', { name: 'Scores by scale' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Scale', 'Score']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Sleep', 'Mood']);
    expect(within(table).getByRole('row', { name: 'Mood 7' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('stacked on phones: one block per row, each value labelled with its header, beside the table', () => {
    wrap(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} stackOnPhones testId="scores" />);
    const list = screen.getByTestId('scores-list');
    expect(list).toHaveClass('sm:hidden');
    const [first] = within(list).getAllByRole('listitem');
    expect(
      within(first!)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Scale', 'Score']);
    expect(
      within(first!)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['Sleep', '4']);
    expect(within(first!).getAllByRole('definition')[1]).toHaveClass('font-mono');
    expect(screen.getByRole('table').parentElement).toHaveClass('hidden', 'sm:block');
  });
});

describe("the 'Something went wrong' screen", () => {
  afterEach(cleanup);

  it('copies an error report and says so, or says the copy failed', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    wrap(<ErrorScreen error={new Error('Kaboom')} supportEmail="help@example.com" />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Homepage' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Report This Error' })));
    expect(writeText.mock.calls[0]?.[0]).toContain('Error: Error: Kaboom');
    expect(alert).toHaveBeenLastCalledWith('Error report copied to clipboard');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Report This Error' })));
    expect(alert).toHaveBeenLastCalledWith('Failed to copy error report');
    alert.mockRestore();
  });
});

import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadOptions } from '../../../src/client/forms/form-context';
import { renderWidgets } from './render-widgets';

function file(name: string, type: string, size = 1000) {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

/** An upload function whose progress and outcome the test drives. */
function controlledUpload() {
  let progress: ((percent: number) => void) | undefined;
  let settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
  const upload = vi.fn((f: File, options: UploadOptions) => {
    progress = options.onProgress;
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
    }).then(() => ({ id: `id-of-${f.name}`, name: f.name, size: f.size, type: f.type }));
  });
  return {
    upload,
    progress: (p: number) => act(() => progress?.(p)),
    succeed: () => act(async () => settle?.resolve(undefined)),
    fail: () => act(async () => settle?.reject(new Error('network'))),
  };
}

const diplomaInput = () => screen.getByLabelText(/^Diploma/, { selector: 'input' });
const photoInput = () => screen.getByLabelText(/^Profile photo/, { selector: 'input' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('file upload widget', () => {
  it('uploads as soon as a file is picked, shows progress, then stores only the returned id', async () => {
    const control = controlledUpload();
    const onUploadStateChange = vi.fn();
    const { user, data } = await renderWidgets({
      formContext: { upload: control.upload, onUploadStateChange },
    });
    const pdf = file('diploma.pdf', 'application/pdf');
    await user.upload(diplomaInput(), pdf);

    expect(control.upload).toHaveBeenCalledWith(
      pdf,
      expect.objectContaining({ field: 'diploma', kind: 'document' }),
    );
    expect(onUploadStateChange).toHaveBeenLastCalledWith('diploma', true);
    expect(screen.getByText('Uploading... 0%')).toBeInTheDocument();
    await control.progress(40);
    expect(screen.getByText('Uploading... 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '40');
    expect(diplomaInput()).toBeDisabled();

    await control.succeed();
    expect(data()?.diploma).toBe('id-of-diploma.pdf');
    expect(screen.getByText('Uploaded: diploma.pdf')).toBeInTheDocument();
    expect(onUploadStateChange).toHaveBeenLastCalledWith('diploma', false);
    expect(JSON.stringify(data())).not.toContain('base64');
    expect(screen.getByRole('button', { name: 'Remove file' })).toBeInTheDocument();
    expect(screen.getByText('Change file')).toBeInTheDocument();
  });

  it('still names the uploaded file after the form is drawn again', async () => {
    const control = controlledUpload();
    const first = await renderWidgets({ formContext: { upload: control.upload } });
    await first.user.upload(diplomaInput(), file('transcript.pdf', 'application/pdf'));
    await control.succeed();
    const stored = first.data();
    first.unmount();

    await renderWidgets({ formData: stored, formContext: { upload: control.upload } });
    expect(screen.getByText('Uploaded: transcript.pdf')).toBeInTheDocument();
  });

  it.each([
    ['notes.docx', 'application/msword', 1000, 'Invalid file type. Accepted: .pdf,.jpg,.jpeg,.png'],
    ['scan.pdf', 'application/pdf', 5 * 1024 * 1024 + 1, 'File size must be less than 5MB'],
  ])('refuses %s without uploading: %s', async (name, type, size, message) => {
    const control = controlledUpload();
    const { user, data } = await renderWidgets({ formContext: { upload: control.upload } });
    await user.upload(diplomaInput(), file(name, type, size));
    expect(control.upload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(diplomaInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(data()?.diploma).toBeUndefined();
  });

  it('accepts a 5MB diploma exactly', async () => {
    const control = controlledUpload();
    const { user } = await renderWidgets({ formContext: { upload: control.upload } });
    await user.upload(diplomaInput(), file('scan.PDF', 'application/pdf', 5 * 1024 * 1024));
    expect(control.upload).toHaveBeenCalledTimes(1);
  });

  it('keeps the previous file when an upload fails, and says so', async () => {
    const control = controlledUpload();
    const { user, data } = await renderWidgets({
      formData: { diploma: 'old-file' },
      formContext: { upload: control.upload },
    });
    await user.upload(diplomaInput(), file('new.pdf', 'application/pdf'));
    await control.fail();
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed. Please try again.');
    expect(data()?.diploma).toBe('old-file');
    expect(screen.getByText('File uploaded')).toBeInTheDocument();
  });

  it('previews a photo and refuses photos over 2MB or of other types', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
    );
    const control = controlledUpload();
    const { user, data } = await renderWidgets({ formContext: { upload: control.upload } });
    await user.upload(photoInput(), file('me.gif', 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type. Accepted: .jpg,.jpeg,.png');
    await user.upload(photoInput(), file('me.jpg', 'image/jpeg', 2 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('File size must be less than 2MB');
    expect(control.upload).not.toHaveBeenCalled();

    await user.upload(photoInput(), file('me.png', 'image/png'));
    expect(control.upload).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ field: 'photo', kind: 'image' }),
    );
    await control.succeed();
    expect(data()?.photo).toBe('id-of-me.png');
    expect(screen.getByRole('img', { name: 'Preview of me.png' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes the stored file', async () => {
    const { user, data } = await renderWidgets({ formData: { diploma: 'file-1' } });
    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(data()?.diploma).toBeUndefined();
    // both upload fields are empty again
    expect(screen.getAllByText('Choose file')).toHaveLength(2);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadProgress } from './upload-progress';

const MB = 1024 * 1024;
const base = { sha256: 'a'.repeat(64), name: 'menu.pdf', total: 10 * MB };

afterEach(cleanup);

describe('UploadProgress', () => {
  it('shows a labelled progress bar, the amounts, and a Cancel button while uploading', () => {
    const onCancel = vi.fn();
    render(
      <UploadProgress
        state={{ ...base, status: 'uploading', sent: 3.2 * MB }}
        onCancel={onCancel}
        onRetry={vi.fn()}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading menu.pdf' });
    expect(bar).toHaveProperty('value', 3.2 * MB);
    expect(bar).toHaveProperty('max', 10 * MB);
    expect(screen.getByText('Uploading… 3.2 MB of 10 MB (32%)')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Uploading menu.pdf.');
    expect(screen.queryByRole('button', { name: /try/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of menu.pdf' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('while the file is hashed, says it is being got ready', () => {
    render(<UploadProgress state={{ ...base, status: 'hashing', hashed: 4.5 * MB }} />);
    expect(screen.getByRole('progressbar', { name: 'Preparing menu.pdf' })).toBeTruthy();
    expect(screen.getByText('Getting the file ready to upload… 45%')).toBeTruthy();
  });

  it('offline, says the upload goes on from what the server has when back online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <UploadProgress
        state={{ ...base, status: 'waiting', sent: 3.2 * MB, message: 'Lost.' }}
        onCancel={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        'Waiting for the connection: the upload goes on from 3.2 MB when you are back online.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /try now/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel upload of menu.pdf' })).toBeTruthy();
  });

  it('online but paused, gives the reason and a Try now button', () => {
    const onRetry = vi.fn();
    render(
      <UploadProgress
        state={{ ...base, status: 'waiting', sent: 0, message: 'The server is busy.' }}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('Paused at 0 KB of 10 MB. The server is busy.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try now to upload menu.pdf' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows a refusal as an alert, as the server wrote it, with Try again', () => {
    const onRetry = vi.fn();
    const message = 'This file is not a PDF.';
    render(
      <UploadProgress
        state={{ ...base, status: 'failed', sent: 0, problem: 'wrong-content', message }}
        onCancel={vi.fn()}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: /cancel/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again to upload menu.pdf' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says Uploaded. when done, with nothing to press', () => {
    render(
      <UploadProgress
        state={{
          ...base,
          status: 'done',
          sent: base.total,
          file: { sha256: base.sha256, name: 'menu.pdf', size: base.total, type: '' },
        }}
        onCancel={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByText('Uploaded.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('renders nothing without a state', () => {
    const { container } = render(<UploadProgress state={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

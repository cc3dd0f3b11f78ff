// @vitest-environment jsdom
// The panel's own behaviour: the confirmation before a code that may not scan is downloaded, and
// errors in the page. Making the files is tested end to end (tests/qr-downloads.spec.ts) in a real
// browser, so here it stands in.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadPanel, type DownloadVerdict } from './download-panel';
import { DownloadError, makeDownload, saveFile } from './downloads';
import type { RenderedCode } from './render-code';

vi.mock(import('./downloads'), async (original) => ({
  ...(await original()),
  makeDownload: vi.fn(),
  saveFile: vi.fn(),
}));

const code: RenderedCode = {
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="410" height="500"></svg>',
  element: document.createElementNS('http://www.w3.org/2000/svg', 'svg'),
  width: 410,
  height: 500,
  modules: 25,
  label: 'Scan me',
};
const failing: DownloadVerdict = {
  status: 'may-not-scan',
  label: 'May not scan',
  reason: 'The pattern is too light on this background.',
};
const file = { blob: new Blob(['x'], { type: 'image/png' }), name: 'Shop door.png' };

const scans: DownloadVerdict = { status: 'scans', label: 'Scans', reason: 'Both read it.' };

function renderPanel(verdict: DownloadVerdict | null, label = code.label, checking = false) {
  return render(
    <DownloadPanel
      code={{ ...code, label }}
      name="Shop door"
      verdict={verdict}
      checking={checking}
    />,
  );
}

const downloadButton = () => screen.getByRole('button', { name: 'Download' });

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('DownloadPanel', () => {
  it('waits for the first verdict, then asks before a code that may not scan', async () => {
    vi.mocked(makeDownload).mockResolvedValue(file);
    const { rerender } = renderPanel(null);
    await act(async () => fireEvent.click(downloadButton()));
    expect(makeDownload).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toMatch(/^Checking that it scans…/);
    expect(downloadButton().getAttribute('aria-disabled')).toBe('true');
    rerender(<DownloadPanel code={code} name="Shop door" verdict={failing} />);
    expect(screen.getByRole('alertdialog', { name: 'This code may not scan.' })).toBeTruthy();
    expect(makeDownload).not.toHaveBeenCalled();
  });

  it('waits while a newer drawing is checked, then downloads one that scans', async () => {
    vi.mocked(makeDownload).mockResolvedValue(file);
    // The last verdict said "Scans", but the code on screen has changed since.
    const { rerender } = renderPanel(scans, code.label, true);
    await act(async () => fireEvent.click(downloadButton()));
    expect(makeDownload).not.toHaveBeenCalled();
    await act(async () =>
      rerender(<DownloadPanel code={code} name="Shop door" verdict={scans} checking={false} />),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(saveFile).toHaveBeenCalledWith(file.blob, 'Shop door.png');
  });

  it('downloads at once when the code scans', async () => {
    vi.mocked(makeDownload).mockResolvedValue(file);
    renderPanel(scans);
    await act(async () => fireEvent.click(downloadButton()));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(makeDownload).toHaveBeenCalledWith({
      code,
      name: 'Shop door',
      format: 'png',
      size: 1024,
    });
    expect(saveFile).toHaveBeenCalledWith(file.blob, 'Shop door.png');
    expect(screen.getByRole('status').textContent).toBe('Downloaded Shop door.png.');
  });

  it('asks first when the code may not scan; Cancel downloads nothing', async () => {
    renderPanel(failing);
    fireEvent.click(downloadButton());
    const dialog = screen.getByRole('alertdialog', { name: 'This code may not scan.' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      failing.reason,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download anyway' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(downloadButton());
    expect(makeDownload).not.toHaveBeenCalled();
  });

  it('Escape cancels too, and Download anyway downloads', async () => {
    vi.mocked(makeDownload).mockResolvedValue(file);
    renderPanel(failing);
    fireEvent.click(downloadButton());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Download anyway' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(downloadButton());

    fireEvent.click(downloadButton());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download anyway' })));
    expect(makeDownload).toHaveBeenCalledTimes(1);
    expect(saveFile).toHaveBeenCalledWith(file.blob, 'Shop door.png');
    expect(document.activeElement).toBe(downloadButton());
  });

  it('a risky verdict does not ask', async () => {
    vi.mocked(makeDownload).mockResolvedValue(file);
    renderPanel({ status: 'risky', label: 'Risky', reason: 'Low contrast.' });
    await act(async () => fireEvent.click(downloadButton()));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(saveFile).toHaveBeenCalled();
  });

  it('offers a size for PNG only, with the code’s aspect ratio', () => {
    renderPanel(null);
    const size = screen.getByLabelText('Size') as HTMLSelectElement;
    expect([...size.options].map((option) => option.text)).toEqual([
      '420 × 512 px',
      '840 × 1024 px',
      '1679 × 2048 px',
      '3359 × 4096 px',
    ]);
    expect(size.value).toBe('1024');
    fireEvent.click(screen.getByRole('radio', { name: 'SVG' }));
    expect(screen.queryByLabelText('Size')).toBeNull();
    expect(screen.getByText('Shop door.svg')).toBeTruthy();
  });

  it('says when the PDF cannot write the call to action, naming the characters', () => {
    renderPanel(null, 'Skanuj mnie – Łódź Łódź 扫码');
    fireEvent.click(screen.getByRole('radio', { name: 'PDF' }));
    expect(screen.getByText(/standard font without Ł ź 扫 码:/).textContent).toBe(
      'The PDF writes the call to action in a standard font without Ł ź 扫 码: those would ' +
        'print wrongly. Choose SVG or PNG to keep them, or change the text.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'SVG' }));
    expect(screen.queryByText(/standard font/)).toBeNull();
  });

  it('says nothing of fonts for a Western European call to action', () => {
    renderPanel(null, 'Scannez-moi – «Café» €5');
    fireEvent.click(screen.getByRole('radio', { name: 'PDF' }));
    expect(screen.queryByText(/standard font/)).toBeNull();
  });

  it('shows why a file could not be made', async () => {
    vi.mocked(makeDownload).mockRejectedValue(
      new DownloadError('This browser cannot make WEBP files. Please choose PNG instead.'),
    );
    renderPanel(scans);
    fireEvent.click(screen.getByRole('radio', { name: 'WEBP' }));
    await act(async () => fireEvent.click(downloadButton()));
    expect(screen.getByRole('alert').textContent).toBe(
      'This browser cannot make WEBP files. Please choose PNG instead.',
    );
    expect(saveFile).not.toHaveBeenCalled();
  });
});

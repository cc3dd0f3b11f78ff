// @vitest-environment jsdom
// The email form sends the code saved where the page saved it: the workspace `save` names (a
// team's code is emailed as the team's, and the server checks the sender's role there), and a
// refusal for want of a role is shown in its words. The outbox, the API and SMTP are tested in
// mail-outbox.test.ts and end to end in tests/email-code.spec.ts.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailCodeForm } from './email-code-form';
import { sendCodeMail } from './send-code-mail';

vi.mock('../../../lib/auth/session', () => ({
  useAuth: () => ({ user: { uid: 'alice', email: 'alice@example.co.za' }, loading: false }),
}));
vi.mock('./mail-outbox', () => ({ startMailDelivery: () => undefined }));
vi.mock('./use-waiting-mail', () => ({
  useWaitingMail: () => [],
  useMailSettled: () => undefined,
}));
vi.mock('./send-code-mail', () => ({ sendCodeMail: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(sendCodeMail).mockReset();
});

async function submit(save: () => Promise<{ id: string; workspace: string }>) {
  render(<EmailCodeForm initialEmail="printer@example.co.za" name="Menu" save={save} />);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  });
}

describe('EmailCodeForm', () => {
  it('emails the saved code as the workspace it is saved in', async () => {
    vi.mocked(sendCodeMail).mockResolvedValue({ result: 'sent' });
    await submit(async () => ({ id: 'code-1', workspace: 'acme' }));
    expect(sendCodeMail).toHaveBeenCalledWith({
      to: 'printer@example.co.za',
      uid: 'alice',
      workspace: 'acme',
      code: 'code-1',
      name: 'Menu',
    });
    expect(screen.getByRole('status').textContent).toBe('Sent to printer@example.co.za.');
  });

  it('shows the words of a refusal for want of a role', async () => {
    const message = 'Your role in this workspace does not let you do that.';
    vi.mocked(sendCodeMail).mockResolvedValue({ result: 'failed', message });
    await submit(async () => ({ id: 'code-1', workspace: 'acme' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
  });
});

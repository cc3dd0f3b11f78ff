// @vitest-environment jsdom
// My QR Codes' field for a protected code's password: it holds a new password to the minimum
// before sending it, and shows why the server refused one (the hourly limit of passwords).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_PASSWORD_CHANGES } from '../../../domain/qr/access';
import type { LinkView } from '../../../domain/qr/link-policy';
import { ShortLinkStatus, type Protection } from './short-link-status';

afterEach(cleanup);

const link: LinkView = {
  id: 'AbCdEfGhJk',
  destination: { kind: 'redirect', target: 'https://example.co.za/' },
  deleted: false,
  disabled: false,
  locked: true,
  passwordSet: false,
};

const status = (protection: Protection) =>
  render(
    <ShortLinkStatus
      state={{ kind: 'active', link, change: null }}
      scans={0}
      nameId="name"
      pendingWrite={false}
      onRetry={vi.fn()}
      protection={protection}
    />,
  );

describe('setting a protected code’s password in My QR Codes', () => {
  it('asks for 8 characters at least before sending one', () => {
    const set = vi.fn();
    status({ work: undefined, set, remove: vi.fn() });
    const field = screen.getByLabelText('Its password');
    fireEvent.change(field, { target: { value: 'seven77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(screen.getByRole('alert').textContent).toBe('A password has at least 8 characters.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('seven77');
    expect(set).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'eight888' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(set).toHaveBeenCalledWith('eight888');
  });

  it('says so when the account has set as many passwords as an hour allows', () => {
    status({
      work: { status: 'failed', message: TOO_MANY_PASSWORD_CHANGES },
      set: vi.fn(),
      remove: vi.fn(),
    });
    expect(screen.getByRole('alert').textContent).toBe(TOO_MANY_PASSWORD_CHANGES);
    expect(TOO_MANY_PASSWORD_CHANGES).toMatch(/10 passwords within the hour.*Try again in an hour/);
  });
});

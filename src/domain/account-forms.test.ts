import { describe, expect, it } from 'vitest';
import {
  AccountRefusal,
  accountFailure,
  deleteConfirmed,
  deleteForm,
  newEmailRule,
  newPasswordRule,
  passwordForm,
  withoutPassword,
} from './account-forms';
import { MIN_PASSWORD_LENGTH } from './auth-forms';
import { checkForm } from './form';

describe('the password form', () => {
  const values = (
    password: string,
    confirmPassword = password,
    currentPassword = 'old-pass-1',
  ) => ({
    currentPassword,
    password,
    confirmPassword,
  });

  it('asks for the current password and a new one of the register page’s length, typed twice', () => {
    expect(checkForm(passwordForm, values('new-pass-22'), newPasswordRule).errors).toEqual({});
    expect(checkForm(passwordForm, values('', '', ''), newPasswordRule).errors).toEqual({
      currentPassword: 'Please enter your current password.',
      password: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
      confirmPassword: 'Please type the new password again.',
    });
    expect(
      checkForm(passwordForm, values('new-pass-22', 'new-pass-23'), newPasswordRule).errors,
    ).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('refuses the current password as the new one', () => {
    expect(checkForm(passwordForm, values('old-pass-1'), newPasswordRule).errors).toEqual({
      password: 'That is your current password: choose a new one.',
    });
  });
});

describe('the email form', () => {
  it('refuses the address the account has already, in any case', () => {
    expect(
      newEmailRule('Thandi@Example.co.za')({ email: 'thandi@example.co.za', currentPassword: 'x' }),
    ).toEqual({
      email: 'That is the address your account has already.',
    });
    expect(
      newEmailRule('thandi@example.co.za')({ email: 'new@example.co.za', currentPassword: 'x' }),
    ).toEqual({});
  });
});

describe('the deletion’s confirmation', () => {
  const rule = deleteConfirmed('Thandi@Example.co.za');
  const confirm = (confirmation: string) => rule({ confirmation, currentPassword: 'x' });

  it('takes DELETE, or the account’s address in any case', () => {
    for (const typed of ['DELETE', 'thandi@example.co.za', 'THANDI@EXAMPLE.CO.ZA']) {
      expect(confirm(typed)).toEqual({});
    }
  });

  it('refuses anything else, saying what to type', () => {
    for (const typed of ['delete', 'DELETE ME', 'other@example.co.za']) {
      expect(confirm(typed).confirmation).toMatch(/^Type DELETE in capitals/);
    }
    expect(deleteConfirmed(null)({ confirmation: '', currentPassword: '' })).toHaveProperty(
      'confirmation',
    );
  });

  it('has no password field for an account that signs in with Google only', () => {
    const google = withoutPassword(deleteForm);
    expect(google.currentPassword.hidden).toBe(true);
    expect(google.confirmation.hidden).toBeUndefined();
    expect(checkForm(google, { confirmation: 'DELETE', currentPassword: '' }).errors).toEqual({});
  });
});

describe('accountFailure', () => {
  it('puts a wrong current password beside its field, whichever code Firebase uses', () => {
    for (const code of [
      'auth/wrong-password',
      'auth/invalid-credential',
      'auth/invalid-login-credentials',
    ]) {
      expect(accountFailure({ code }, 'fallback')).toEqual({
        field: 'currentPassword',
        message: 'That is not your current password.',
      });
    }
  });

  it('puts an address in use beside the address, a weak password beside the new one', () => {
    expect(accountFailure({ code: 'auth/email-already-in-use' }, 'x').field).toBe('email');
    expect(accountFailure({ code: 'auth/weak-password' }, 'x')).toEqual({
      field: 'password',
      message: `That password is too weak: use at least ${MIN_PASSWORD_LENGTH} characters.`,
    });
  });

  it('says the server’s refusal, Firebase’s known messages, or the form’s own sentence', () => {
    expect(
      accountFailure(new AccountRefusal('Sign in again to delete your account.'), 'x'),
    ).toEqual({
      field: null,
      message: 'Sign in again to delete your account.',
    });
    expect(accountFailure({ code: 'auth/network-request-failed' }, 'x').message).toBe(
      'Network error — check your connection.',
    );
    expect(accountFailure(new Error('?'), 'Your name could not be changed.')).toEqual({
      field: null,
      message: 'Your name could not be changed.',
    });
  });
});

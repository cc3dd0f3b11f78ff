import { describe, expect, it } from 'vitest';
import { loginForm, passwordsMatch, registerForm, resetForm } from './auth-forms';
import { checkForm } from './form';

describe('registerForm', () => {
  const valid = {
    displayName: ' Thandi ',
    email: ' thandi@example.co.za ',
    password: ' secret-1',
    confirmPassword: ' secret-1',
  };

  it('accepts a complete registration: trimmed name and email, the password as typed', () => {
    expect(checkForm(registerForm, valid, passwordsMatch)).toEqual({
      errors: {},
      values: { ...valid, displayName: 'Thandi', email: 'thandi@example.co.za' },
    });
  });

  it('explains every problem, field by field', () => {
    const blank = { displayName: ' ', email: '', password: '', confirmPassword: '' };
    expect(checkForm(registerForm, blank, passwordsMatch).errors).toEqual({
      displayName: 'Please enter your name.',
      email: 'Please enter your email address.',
      password: 'Use at least 8 characters.',
      confirmPassword: 'Please type the password again.',
    });
    const wrong = { displayName: 'T', email: 'nope', password: '123', confirmPassword: '12' };
    expect(checkForm(registerForm, wrong, passwordsMatch).errors).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Use at least 8 characters.',
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('catches a confirmation that does not match, spaces included', () => {
    expect(
      checkForm(registerForm, { ...valid, confirmPassword: 'secret-1' }, passwordsMatch),
    ).toMatchObject({ errors: { confirmPassword: 'Passwords do not match.' } });
  });

  it('limits the name and a new password', () => {
    const password = 'p'.repeat(129);
    const long = { ...valid, displayName: 'x'.repeat(101), password, confirmPassword: password };
    expect(checkForm(registerForm, long, passwordsMatch).errors).toEqual({
      displayName: 'Name can be at most 100 characters: cut 1 (it has 101).',
      password: 'Password can be at most 128 characters: cut 1 (it has 129).',
      confirmPassword: 'Confirm password can be at most 128 characters: cut 1 (it has 129).',
    });
  });
});

describe('loginForm', () => {
  it('asks for both, and for a valid email', () => {
    expect(checkForm(loginForm, { email: '', password: '' }).errors).toEqual({
      email: 'Please enter your email address.',
      password: 'Please enter your password.',
    });
    expect(checkForm(loginForm, { email: 'a@b', password: 'x' }).errors).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it('keeps the password exactly as typed', () => {
    expect(checkForm(loginForm, { email: ' a@b.co ', password: ' pw ' }).values).toEqual({
      email: 'a@b.co',
      password: ' pw ',
    });
  });
});

describe('resetForm', () => {
  it('asks for an email, then for a valid one', () => {
    expect(checkForm(resetForm, { email: '' }).errors.email).toBe(
      'Please enter your email address.',
    );
    expect(checkForm(resetForm, { email: 'a@b' }).errors.email).toBe(
      'Please enter a valid email address.',
    );
    expect(checkForm(resetForm, { email: ' someone@example.com ' })).toEqual({
      errors: {},
      values: { email: 'someone@example.com' },
    });
  });
});

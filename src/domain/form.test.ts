import { describe, expect, it } from 'vitest';
import {
  checkField,
  checkForm,
  emailField,
  field,
  fieldNames,
  formats,
  hasErrors,
  missingFields,
  type FormRule,
} from './form';
import { BAD_HOST_MESSAGE } from './qr/target';

const ok = (value: string) => ({ ok: true, value });
const refused = (message: string) => ({ ok: false, message });

describe('checkField', () => {
  const name = field('Your name', { required: true, maxLength: 10 });

  it('gives the field its defaults: text, optional, 200 characters', () => {
    expect(field('Notes')).toEqual({
      label: 'Notes',
      input: 'text',
      required: false,
      maxLength: 200,
      requiredMessage: 'Please enter notes.',
    });
  });

  it('asks for a required field that is empty or blank, in words naming the field', () => {
    expect(checkField(name, '')).toEqual(refused('Please enter your name.'));
    expect(checkField(name, '  \t ')).toEqual(refused('Please enter your name.'));
    expect(checkField({ ...name, requiredMessage: 'Who are you?' }, '')).toEqual(
      refused('Who are you?'),
    );
  });

  it('lets an optional field stay empty', () => {
    expect(checkField(field('Notes'), '   ')).toEqual(ok(''));
  });

  it('trims what it accepts', () => {
    expect(checkField(name, '  Thandi ')).toEqual(ok('Thandi'));
  });

  it('counts the length after trimming and says how long the value is', () => {
    expect(checkField(name, ` ${'a'.repeat(10)} `)).toEqual(ok('a'.repeat(10)));
    expect(checkField(name, 'a'.repeat(11))).toEqual(
      refused('Your name can be at most 10 characters: cut 1 (it has 11).'),
    );
  });

  it('keeps spaces where asked, and counts them', () => {
    const password = field('Password', { required: true, keepSpaces: true, maxLength: 6 });
    expect(checkField(password, ' pw ')).toEqual(ok(' pw '));
    expect(checkField(password, '')).toEqual(refused('Please enter password.'));
    expect(checkField(password, '  pw   ')).toEqual(
      refused('Password can be at most 6 characters: cut 1 (it has 7).'),
    );
  });

  it('accepts only the choices of a select', () => {
    const size = field('Size', {
      input: 'select',
      required: true,
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
      requiredMessage: 'Please choose a size.',
    });
    expect(checkField(size, 'l')).toEqual(ok('l'));
    expect(checkField(size, 'xl')).toEqual(refused('Please choose a size.'));
    expect(checkField(size, '')).toEqual(refused('Please choose a size.'));
  });

  it('does not check a hidden field, and keeps its value', () => {
    const hidden = { ...name, hidden: true };
    expect(checkField(hidden, '')).toEqual(ok(''));
    expect(checkField(hidden, ` ${'a'.repeat(20)}`)).toEqual(ok(` ${'a'.repeat(20)}`));
  });
});

describe('formats', () => {
  const email = field('Email', { format: formats.email });
  const url = field('Website', { format: formats.httpUrl });
  const phone = field('Phone', { format: formats.phone });
  const country = field('Country code', { format: formats.countryCode });

  it('checks an email address', () => {
    expect(checkField(email, ' someone@example.co.za ')).toEqual(ok('someone@example.co.za'));
    for (const wrong of ['someone', 'someone@', '@example.com', 'a@b', 'a b@example.com']) {
      expect(checkField(email, wrong)).toEqual(refused('Please enter a valid email address.'));
    }
  });

  it('the shared email field is required, of email type and at most 254 characters', () => {
    expect(emailField).toMatchObject({ label: 'Email', input: 'email', maxLength: 254 });
    expect(checkField(emailField, '')).toEqual(refused('Please enter your email address.'));
  });

  it('takes an http(s) address, adding https:// when no scheme is typed', () => {
    expect(checkField(url, 'example.com/menu')).toEqual(ok('https://example.com/menu'));
    expect(checkField(url, 'http://example.com')).toEqual(ok('http://example.com'));
    expect(checkField(url, 'HTTPS://Example.com/a?b=1')).toEqual(ok('HTTPS://Example.com/a?b=1'));
  });

  it.each([
    'javascript:alert(1)',
    'ftp://example.com',
    'mailto:a@b.co',
    'localhost',
    'http://intranet',
  ])('refuses %s as a web address', (wrong) => {
    expect(checkField(url, wrong)).toEqual(
      refused('Please enter a web address starting with http:// or https://.'),
    );
  });

  it.each([
    'https://exa mple.com',
    'exa mple.com',
    'https://a"b.com/menu',
    'http://exa%20mple.com',
  ])('refuses %j: its domain has a space or a sign no domain has', (wrong) => {
    expect(checkField(url, wrong)).toEqual(refused(BAD_HOST_MESSAGE));
  });

  it('normalises a phone number: spaces, dashes and brackets go, a leading + stays', () => {
    expect(checkField(phone, '+27 82 123-4567')).toEqual(ok('+27821234567'));
    expect(checkField(phone, '(011) 555 0100')).toEqual(ok('0115550100'));
  });

  it.each(['082 CALL NOW', '27+821234567', '12', '1'.repeat(16)])(
    'refuses %j as a phone number',
    (wrong) => {
      expect(checkField(phone, wrong)).toEqual(
        refused('Please use digits only (spaces and a leading + are fine).'),
      );
    },
  );

  it('takes a country code with or without + or 00', () => {
    expect(checkField(country, '27')).toEqual(ok('27'));
    expect(checkField(country, '+27')).toEqual(ok('27'));
    expect(checkField(country, '0027')).toEqual(ok('27'));
    expect(checkField(country, '+1 ')).toEqual(ok('1'));
  });

  it.each(['SA', '0', '1234', '+'])('refuses %j as a country code', (wrong) => {
    expect(checkField(country, wrong)).toEqual(
      refused('Please enter the country code in digits, for example 27.'),
    );
  });
});

describe('checkForm', () => {
  const spec = {
    name: field('Name', { required: true }),
    website: field('Website', { format: formats.httpUrl }),
    password: field('Password', { required: true, keepSpaces: true }),
    confirm: field('Confirm password', { required: true, keepSpaces: true }),
  };
  type Name = keyof typeof spec;
  const matching: FormRule<Name> = (values) =>
    values.confirm === values.password ? {} : { confirm: 'Passwords do not match.' };

  it('gives the errors by field and the normalised values', () => {
    const values = { name: ' Ann ', website: 'example.com', password: ' x ', confirm: ' x ' };
    expect(checkForm(spec, values)).toEqual({
      errors: {},
      values: { name: 'Ann', website: 'https://example.com', password: ' x ', confirm: ' x ' },
    });
    const blank = { name: '', website: 'ftp://x', password: '', confirm: '' };
    const { errors } = checkForm(spec, blank);
    expect(Object.keys(errors)).toEqual(['name', 'website', 'password', 'confirm']);
    expect(hasErrors(errors)).toBe(true);
    // A message cleared beside its field (set to undefined) is no error.
    expect(hasErrors({ name: undefined })).toBe(false);
  });

  it('applies a rule across fields only where the field itself passed', () => {
    const values = { name: 'Ann', website: '', password: 'one', confirm: 'two' };
    expect(checkForm(spec, values, matching).errors).toEqual({
      confirm: 'Passwords do not match.',
    });
    expect(checkForm(spec, { ...values, confirm: '' }, matching).errors).toEqual({
      confirm: 'Please enter confirm password.',
    });
    expect(checkForm(spec, { ...values, confirm: 'one' }, matching).errors).toEqual({});
  });

  it('lists the fields in the order they are described', () => {
    expect(fieldNames(spec)).toEqual(['name', 'website', 'password', 'confirm']);
  });

  it('names the required fields still empty, hidden ones aside', () => {
    const values = { name: ' ', website: 'ftp://x', password: '', confirm: 'x' };
    expect(missingFields(spec, values)).toEqual(['name', 'password']);
    expect(missingFields({ ...spec, name: { ...spec.name, hidden: true } }, values)).toEqual([
      'password',
    ]);
  });
});

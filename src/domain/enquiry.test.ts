import { describe, expect, it } from 'vitest';
import {
  emptyEnquiry,
  enquiryAlert,
  enquiryForm,
  enquiryFromFields,
  enquiryFields,
  enquiryMail,
  enquiryMessages,
  formatBudget,
  inquiryTypes,
  reportedLinkId,
  reportMessage,
  usageTypes,
  withReport,
  type EnquiryInput,
} from './enquiry';
import { checkForm } from './form';

const general: EnquiryInput = {
  ...emptyEnquiry,
  name: ' Sipho ',
  email: ' sipho@example.co.za ',
  message: ' A booking app, please. ',
  inquiryType: 'software-solutions',
};

const check = (input: EnquiryInput) => checkForm(enquiryForm(input.inquiryType), input).errors;

describe('enquiryAlert', () => {
  it('says nothing for a complete enquiry', () => {
    expect(enquiryAlert(general)).toBeUndefined();
  });

  it.each(['name', 'email', 'message'] as const)(
    'asks for the basics when %s is blank',
    (field) => {
      expect(enquiryAlert({ ...general, [field]: '   ' })).toBe(enquiryMessages.missingBasics);
    },
  );

  it('asks for an inquiry type', () => {
    expect(enquiryAlert({ ...general, inquiryType: '' })).toBe(
      'Please fill out all fields and select an inquiry type.',
    );
  });

  it('asks a PC build for budget and usage', () => {
    const pc = { ...general, inquiryType: 'pc-building' as const };
    expect(enquiryAlert(pc)).toBe(
      'Please enter your budget and select usage type for PC Building.',
    );
    expect(enquiryAlert({ ...pc, budget: ' ', usageType: 'gaming' })).toBe(
      enquiryMessages.missingPcFields,
    );
    expect(enquiryAlert({ ...pc, budget: '15000', usageType: '' })).toBe(
      enquiryMessages.missingPcFields,
    );
    expect(enquiryAlert({ ...pc, budget: '15000', usageType: 'gaming' })).toBeUndefined();
  });

  it('asks for the basics first when both are missing', () => {
    expect(enquiryAlert({ ...emptyEnquiry, inquiryType: 'pc-building' })).toBe(
      enquiryMessages.missingBasics,
    );
  });

  it('leaves other problems to the messages beside their fields', () => {
    expect(enquiryAlert({ ...general, email: 'sipho@' })).toBeUndefined();
  });
});

describe('enquiryForm', () => {
  it('accepts a complete enquiry', () => {
    expect(check(general)).toEqual({});
  });

  it('flags what is blank, PC fields only for a PC build', () => {
    expect(Object.keys(check(emptyEnquiry))).toEqual(['name', 'email', 'inquiryType', 'message']);
    expect(check({ ...general, message: ' ' })).toEqual({ message: 'Please enter your message.' });
    expect(check({ ...general, inquiryType: 'pc-building' })).toEqual({
      budget: 'Please enter your budget.',
      usageType: 'Please choose a usage type.',
    });
  });

  it('leaves the PC fields alone when they are not on the form', () => {
    expect(check({ ...general, budget: 'x'.repeat(51), usageType: '' })).toEqual({});
    expect(enquiryForm('general-inquiries').budget.hidden).toBe(true);
    expect(enquiryForm('pc-building').budget.hidden).toBe(false);
  });

  it('checks the email address for its format', () => {
    expect(check({ ...general, email: 'sipho@example' })).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it.each([
    ['name', 100, 'Name'],
    ['email', 254, 'Email'],
    ['message', 5000, 'Message'],
  ] as const)('limits %s to %i characters', (field, limit, label) => {
    const at = field === 'email' ? `${'a'.repeat(limit - 12)}@example.com` : 'a'.repeat(limit);
    expect(check({ ...general, [field]: at })[field]).toBeUndefined();
    expect(check({ ...general, [field]: `${at}b` })[field]).toBe(
      `${label} can be at most ${limit} characters: cut 1 (it has ${limit + 1}).`,
    );
  });

  it('limits the budget of a PC build to 50 characters', () => {
    const pc = { ...general, inquiryType: 'pc-building' as const, usageType: 'gaming' as const };
    expect(check({ ...pc, budget: 'R'.repeat(50) })).toEqual({});
    expect(check({ ...pc, budget: 'R'.repeat(51) })).toEqual({
      budget: 'Budget can be at most 50 characters: cut 1 (it has 51).',
    });
  });

  it('shows the fields in the page order, the message last, and posts them in the form service order', () => {
    expect(Object.keys(enquiryForm('pc-building'))).toEqual([
      'name',
      'email',
      'inquiryType',
      'budget',
      'usageType',
      'message',
    ]);
    const pc = {
      ...general,
      inquiryType: 'pc-building',
      budget: '1',
      usageType: 'gaming',
    } as const;
    expect(enquiryFields(pc).map(([name]) => name)).toEqual([
      'name',
      'email',
      'message',
      'inquiryType',
      'budget',
      'usageType',
    ]);
    expect(Object.keys(emptyEnquiry).sort()).toEqual(Object.keys(enquiryForm('')).sort());
  });

  it('puts the limits on the inputs too', () => {
    const form = enquiryForm('pc-building');
    expect([form.name, form.email, form.budget, form.message].map((f) => f.maxLength)).toEqual([
      100, 254, 50, 5000,
    ]);
  });
});

describe('formatBudget', () => {
  it.each([
    ['15000', 'R15000'],
    [' 25000 ', 'R25000'],
    ['R20k', 'R20k'],
    ['None/Unsure', 'None/Unsure'],
    ['15 000', '15 000'],
  ])('%j becomes %j', (budget, expected) => {
    expect(formatBudget(budget)).toBe(expected);
  });
});

describe('enquiryFields', () => {
  it('sends the trimmed basics only, for an enquiry that is not a PC build', () => {
    expect(enquiryFields({ ...general, budget: '9000', usageType: 'gaming' })).toEqual([
      ['name', 'Sipho'],
      ['email', 'sipho@example.co.za'],
      ['message', 'A booking app, please.'],
      ['inquiryType', 'software-solutions'],
    ]);
  });

  it('adds budget (with R for a plain number) and usage for a PC build', () => {
    const pc = { ...general, inquiryType: 'pc-building' as const, budget: '15000' };
    expect(enquiryFields({ ...pc, usageType: 'all-rounder' }).slice(3)).toEqual([
      ['inquiryType', 'pc-building'],
      ['budget', 'R15000'],
      ['usageType', 'all-rounder'],
    ]);
  });
});

describe('enquiryFromFields', () => {
  it('gives back the form an enquiry was sent from', () => {
    const pc = {
      ...general,
      inquiryType: 'pc-building' as const,
      budget: 'R9000',
      usageType: 'gaming' as const,
    };
    expect(enquiryFromFields(enquiryFields(pc))).toEqual({
      name: 'Sipho',
      email: 'sipho@example.co.za',
      message: 'A booking app, please.',
      inquiryType: 'pc-building',
      budget: 'R9000',
      usageType: 'gaming',
    });
  });

  it('leaves unknown choices unchosen', () => {
    expect(enquiryFromFields([['inquiryType', 'spam']])).toEqual(emptyEnquiry);
  });
});

describe('enquiryMail', () => {
  it('puts every field on the form in the email with its label, the message last-but-one', () => {
    const fields = enquiryFields({
      ...emptyEnquiry,
      name: 'Thabo',
      email: 'thabo@example.test',
      inquiryType: 'pc-building',
      budget: '15000',
      usageType: usageTypes[0].value,
      message: 'A quiet PC\nfor the study',
    });
    const mail = enquiryMail(fields, 'hello@kemptoncodeworks.co.za', 'enquiry-7');
    expect(mail.to).toBe('hello@kemptoncodeworks.co.za');
    expect(mail.subject).toBe('Website enquiry from Thabo');
    expect(mail.body).toBe(
      [
        'Name: Thabo',
        'Email: thabo@example.test',
        `Inquiry type: ${inquiryTypes.find((type) => type.value === 'pc-building')?.label}`,
        'Budget: R15000',
        `Usage type: ${usageTypes[0].label}`,
        '',
        'A quiet PC',
        'for the study',
        '',
        'Reference: enquiry-7',
      ].join('\n'),
    );
  });

  it('leaves out the PC fields for other enquiries', () => {
    const fields = enquiryFields({
      ...emptyEnquiry,
      name: 'Lerato',
      email: 'lerato@example.test',
      inquiryType: 'general-inquiries',
      message: 'Hello',
    });
    expect(enquiryMail(fields, 'a@b.test', 'x').body).not.toMatch(/Budget|Usage type/);
  });
});

describe('reports of short links', () => {
  const origin = 'https://kemptoncodeworks.co.za';
  const start = 'I want to report the short link https://kemptoncodeworks.co.za/q/Ab3dEfGh2k: ';

  it('begins the message by naming the link, for the visitor to add why', () => {
    expect(reportMessage(origin, 'Ab3dEfGh2k')).toBe(start);
    expect(reportMessage(`${origin}/`, 'Ab3dEfGh2k')).toBe(start);
  });

  it('takes a link id from the report parameter, and nothing else', () => {
    expect(reportedLinkId('Ab3dEfGh2k')).toBe('Ab3dEfGh2k');
    expect(reportedLinkId('legacy_link-01')).toBe('legacy_link-01');
    for (const value of [
      null,
      '',
      'short',
      'a/b/c/d/e',
      '<script>x',
      'x'.repeat(65),
      'Ab3d EfGh2k',
    ]) {
      expect(reportedLinkId(value)).toBeNull();
    }
  });

  it('fills an empty form as a general inquiry reporting the link', () => {
    expect(withReport(emptyEnquiry, origin, 'Ab3dEfGh2k')).toEqual({
      ...emptyEnquiry,
      inquiryType: 'general-inquiries',
      message: start,
    });
  });

  it('keeps what was typed, and leaves a form that already reports the link alone', () => {
    const typed = {
      ...emptyEnquiry,
      name: 'Lerato',
      inquiryType: 'pc-building',
      message: 'A PC.',
    } as const;
    const report = withReport(typed, origin, 'Ab3dEfGh2k');
    expect(report).toEqual({
      ...typed,
      inquiryType: 'general-inquiries',
      message: `${start}\n\nA PC.`,
    });
    const written = { ...report, message: `${start}it asks for my bank PIN` };
    expect(withReport(written, origin, 'Ab3dEfGh2k')).toEqual(written);
  });

  it('sends the report as a general inquiry, its message trimmed', () => {
    const report = { ...withReport(general, origin, 'Ab3dEfGh2k'), message: `${start}phishing` };
    expect(enquiryAlert(report)).toBeUndefined();
    expect(enquiryFields(report)).toContainEqual(['message', `${start}phishing`]);
    expect(enquiryFields(report)).toContainEqual(['inquiryType', 'general-inquiries']);
  });
});

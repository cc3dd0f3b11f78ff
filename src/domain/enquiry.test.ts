import { describe, expect, it } from 'vitest';
import {
  emptyEnquiry,
  enquiryFromFields,
  enquiryFields,
  enquiryMessages,
  formatBudget,
  missingEnquiryFields,
  validateEnquiry,
  type EnquiryInput,
} from './enquiry';

const general: EnquiryInput = {
  ...emptyEnquiry,
  name: ' Sipho ',
  email: ' sipho@example.co.za ',
  message: ' A booking app, please. ',
  inquiryType: 'software-solutions',
};

describe('validateEnquiry', () => {
  it('accepts a complete enquiry', () => {
    expect(validateEnquiry(general)).toBeUndefined();
  });

  it.each(['name', 'email', 'message'] as const)(
    'asks for the basics when %s is blank',
    (field) => {
      expect(validateEnquiry({ ...general, [field]: '   ' })).toBe(enquiryMessages.missingBasics);
    },
  );

  it('asks for an inquiry type', () => {
    expect(validateEnquiry({ ...general, inquiryType: '' })).toBe(
      'Please fill out all fields and select an inquiry type.',
    );
  });

  it('asks a PC build for budget and usage', () => {
    const pc = { ...general, inquiryType: 'pc-building' as const };
    expect(validateEnquiry(pc)).toBe(
      'Please enter your budget and select usage type for PC Building.',
    );
    expect(validateEnquiry({ ...pc, budget: ' ', usageType: 'gaming' })).toBe(
      enquiryMessages.missingPcFields,
    );
    expect(validateEnquiry({ ...pc, budget: '15000', usageType: '' })).toBe(
      enquiryMessages.missingPcFields,
    );
    expect(validateEnquiry({ ...pc, budget: '15000', usageType: 'gaming' })).toBeUndefined();
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

describe('missingEnquiryFields', () => {
  it('names what is blank, PC fields only for a PC build', () => {
    expect(missingEnquiryFields(emptyEnquiry)).toEqual(['name', 'email', 'message', 'inquiryType']);
    expect(missingEnquiryFields({ ...general, message: ' ' })).toEqual(['message']);
    expect(missingEnquiryFields({ ...general, inquiryType: 'pc-building' })).toEqual([
      'budget',
      'usageType',
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

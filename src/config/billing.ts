// How customers pay the company, and what its invoices say: in one place, read by the billing page
// and the invoice PDF. The bank details, address and VAT number are placeholders until the owner
// gives them: while `placeholder` is true, the billing page says not to pay into them yet.
export const billing = {
  placeholder: true,
  /** The company's legal name and address as an invoice must show them. */
  legalName: 'Kempton Code Works',
  address: ['Kempton Park', 'Gauteng, 1619', 'South Africa'],
  /** Company registration number (CIPC), or null. */
  registrationNumber: null as string | null,
  bank: {
    accountHolder: 'Kempton Code Works',
    bank: 'Your bank (to be confirmed)',
    accountNumber: '0000000000',
    branchCode: '000000',
    accountType: 'Business current account',
  },
  /**
   * VAT as the owner configures it: a registered vendor's invoice is a "Tax Invoice" with its VAT
   * number and the VAT its prices include (15% in South Africa); otherwise a plain invoice.
   */
  vat: { registered: false, ratePercent: 15, number: null as string | null },
  /** Where customers send proof of payment, if they want the plan sooner. */
  paymentsEmail: 'accounts@kemptoncodeworks.co.za',
} as const;

/** The bank details an EFT needs, in the order a banking app asks for them (page and email). */
export const bankDetails: readonly (readonly [label: string, value: string])[] = [
  ['Account holder', billing.bank.accountHolder],
  ['Bank', billing.bank.bank],
  ['Account number', billing.bank.accountNumber],
  ['Branch code', billing.bank.branchCode],
  ['Account type', billing.bank.accountType],
];

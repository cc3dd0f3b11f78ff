// @vitest-environment jsdom
// What the form says for each way a send can end, and whether the form keeps the text. The exact
// sentences as a visitor meets them are tested end to end in tests/contact.spec.ts.
import { describe, expect, it } from 'vitest';
import { enquiryMessages } from '../../domain/enquiry';
import { afterSubmit } from './send-words';

describe('afterSubmit', () => {
  it('clears the form once the enquiry is sent or kept to be sent', () => {
    expect(afterSubmit({ result: 'sent' })).toEqual({
      status: { kind: 'sent', message: enquiryMessages.sent },
      left: true,
    });
    expect(afterSubmit({ result: 'sent', unstored: true }).left).toBe(true);
    for (const result of ['queued', 'trouble'] as const) {
      expect(afterSubmit({ result })).toMatchObject({
        status: { kind: 'queued', message: expect.stringContaining('saved on this device') },
        left: true,
      });
    }
    expect(afterSubmit({ result: 'failed' })).toMatchObject({
      status: { kind: 'error', message: expect.stringContaining('It is saved below') },
      left: true,
    });
  });

  it("keeps the text in the form when nobody has it, with the service's reason", () => {
    expect(afterSubmit({ result: 'refused', reason: 'email should be an email' })).toEqual({
      status: {
        kind: 'error',
        message: `${enquiryMessages.failed} The form service did not accept it: email should be an email.`,
      },
      left: false,
    });
    expect(afterSubmit({ result: 'refused', reason: null }).status).toEqual({
      kind: 'error',
      message: enquiryMessages.failed,
    });
  });

  it('never promises to send later what this device could not keep', () => {
    for (const result of ['queued', 'trouble', 'failed'] as const) {
      const { status, left } = afterSubmit({ result, unstored: true });
      expect(left).toBe(false);
      expect(status).toMatchObject({
        kind: 'error',
        message: expect.stringContaining('cannot be saved'),
      });
    }
  });
});

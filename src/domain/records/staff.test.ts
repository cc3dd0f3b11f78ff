import { describe, expect, it } from 'vitest';
import { auditActions, auditFields, readAuditEntry, readStaffMember, staffFields } from './staff';

describe('the staff and the audit log as stored', () => {
  it('reads back what the server stores', () => {
    const at = new Date('2026-12-05T10:00:00Z');
    const stored = auditFields(
      {
        action: 'link.disabled',
        by: 'uid-1',
        byEmail: 'thandi@kcw.example',
        target: 'AbCd234xyz',
        reason: 'Phishing',
      },
      at,
    );
    expect(readAuditEntry('e1', stored)).toEqual({
      id: 'e1',
      action: 'link.disabled',
      by: 'uid-1',
      byEmail: 'thandi@kcw.example',
      at: at.getTime(),
      target: 'AbCd234xyz',
      reason: 'Phishing',
      detail: null,
    });
    expect(readStaffMember('uid-1', staffFields('thandi@kcw.example', at, 'owner'))).toEqual({
      uid: 'uid-1',
      email: 'thandi@kcw.example',
      addedAt: at.getTime(),
      addedBy: 'owner',
    });
  });

  it('reads no entry of an unknown action, without a time or without its target', () => {
    const entry = { action: 'order.paid', by: 'a', at: 1, target: 'KCW-7KQ2-M9XD' };
    expect(readAuditEntry('e', entry)).not.toBeNull();
    expect(readAuditEntry('e', { ...entry, action: 'order.refunded' })).toBeNull();
    expect(readAuditEntry('e', { ...entry, at: 'yesterday' })).toBeNull();
    expect(readAuditEntry('e', { ...entry, target: null })).toBeNull();
    expect(readStaffMember('x', null)).toBeNull();
  });

  it('names every action in words', () => {
    for (const label of Object.values(auditActions)) expect(label).toMatch(/^[A-Z][a-z ]+$/);
  });
});

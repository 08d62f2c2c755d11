import { describe, expect, it } from 'vitest';
import {
  deliveryStatusWords,
  deliveryTone,
  deliveryWhen,
  deliveryWhenLabel,
  messageIdLabel,
  recipientRoleWords,
  resendChoices,
} from '../../src/domain/delivery-words';
import type { Delivery } from '../../src/domain/contract';

const d = (over: Partial<Delivery> = {}): Delivery => ({
  id: 1,
  dictation_id: 2,
  role: 'to',
  recipient: { type: 'patient', name: 'Arthur Penrose' },
  channel: 'email',
  status: 'failed',
  attempts: 1,
  result: null,
  message_id: null,
  reason: 'The mail server refused the e-mail address (550 5.1.1).',
  resend_of: null,
  superseded: false,
  posted_by: null,
  posted_at: null,
  delivered_at: null,
  sent_at: null,
  checked_at: null,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:05:00Z',
  ...over,
});

describe('delivery words', () => {
  it('says each status in words', () => {
    expect(deliveryStatusWords(d({ status: 'queued', attempts: 0 }))).toBe('Being sent');
    expect(deliveryStatusWords(d({ status: 'queued', attempts: 1 }))).toBe('Not sent yet: trying again');
    expect(deliveryStatusWords(d({ status: 'printing', channel: 'print' }))).toBe('Waiting to be printed and posted');
    expect(deliveryStatusWords(d({ status: 'delivered' }))).toBe('Delivered');
    expect(deliveryStatusWords(d({ status: 'sent', channel: 'gp_electronic' }))).toBe('Sent over MESH — waiting for the practice');
    expect(deliveryStatusWords(d({ status: 'delivered', channel: 'gp_electronic' }))).toBe('Acknowledged by the practice');
    expect(deliveryStatusWords(d({ status: 'posted', channel: 'print' }))).toBe('Posted');
    expect(deliveryStatusWords(d())).toBe('Failed');
    expect(deliveryStatusWords(d({ superseded: true }))).toBe('Failed, sent again');
  });

  it('tones: delivered and posted are done, a replaced failure is history', () => {
    expect(deliveryTone(d({ status: 'posted' }))).toBe('ok');
    expect(deliveryTone(d({ status: 'printing' }))).toBe('waiting');
    expect(deliveryTone(d({ status: 'sent', channel: 'gp_electronic' }))).toBe('waiting');
    expect(deliveryTone(d())).toBe('failed');
    expect(deliveryTone(d({ superseded: true }))).toBe('past');
  });

  it('names the recipient’s role and the identifier', () => {
    expect(recipientRoleWords(d())).toBe('Addressee · Patient');
    expect(recipientRoleWords(d({ role: 'cc', recipient: { type: 'gp', name: 'Riverside Surgery' } }))).toBe('Copy · GP practice');
    expect(messageIdLabel('gp_electronic')).toBe('MESH message ID');
    expect(messageIdLabel('email')).toBe('Message ID');
    expect(deliveryWhen(d({ posted_at: '2026-11-25T11:00:00Z' }))).toBe('2026-11-25T11:00:00Z');
    expect(deliveryWhen(d())).toBe('2026-11-25T10:05:00Z');
  });

  it('a GP copy over MESH: sent (waiting for the practice), then acknowledged at the practice’s time', () => {
    const sent = d({ channel: 'gp_electronic', status: 'sent', sent_at: '2026-11-25T10:01:00Z', checked_at: '2026-11-25T10:30:00Z' });
    expect(deliveryWhenLabel(sent)).toBe('Sent');
    expect(deliveryWhen(sent)).toBe('2026-11-25T10:01:00Z');
    const acknowledged = { ...sent, status: 'delivered' as const, delivered_at: '2026-11-25T12:40:00Z' };
    expect(deliveryWhenLabel(acknowledged)).toBe('Acknowledged');
    expect(deliveryWhen(acknowledged)).toBe('2026-11-25T12:40:00Z');
    expect(deliveryWhenLabel(d({ status: 'delivered' }))).toBe('When');
    expect(deliveryWhenLabel(d({ status: 'posted', channel: 'print' }))).toBe('Posted');
  });
});

describe('resend choices', () => {
  it('only a failed delivery not yet sent again, only for someone who may resend', () => {
    expect(resendChoices(d(), false)).toEqual([]);
    expect(resendChoices(d({ status: 'delivered' }), true)).toEqual([]);
    expect(resendChoices(d({ superseded: true }), true)).toEqual([]);
  });

  it('its own channel first, then the other the recipient’s type allows', () => {
    expect(resendChoices(d(), true)).toEqual(['email', 'print']);
    expect(resendChoices(d({ channel: 'print' }), true)).toEqual(['print', 'email']);
    expect(resendChoices(d({ recipient: { type: 'gp', name: 'Riverside' }, channel: 'gp_electronic' }), true)).toEqual([
      'gp_electronic',
      'print',
    ]);
  });
});

/**
 * The signature printed under an approved letter (issue 12): who approved it, their job title and
 * registration number from the profile, on whose behalf under secretarial cover, and the day. Pure.
 */
import type { Approval } from './contract/review';
import { MESSAGES } from './messages';

/** "22 Nov 2026" in the trust's time zone (the day the letter was approved there). */
export function approvalDay(iso: string, timeZone = 'Europe/London'): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(iso));
}

/**
 * "Approved by Daniel Reid, Consultant Cardiologist, GMC 4412087 on 22 Nov 2026", or under cover
 * "Approved by Jenny Walsh on behalf of Daniel Reid on 22 Nov 2026". Missing parts are left out.
 */
export function signatureLine(a: Approval, timeZone?: string): string {
  const who = [a.name, a.job_title, a.registration_number].filter((p): p is string => Boolean(p?.trim())).join(', ');
  const behalf = a.on_behalf_of ? ` on behalf of ${a.on_behalf_of}` : '';
  return MESSAGES.approvedSignature(`${who}${behalf} on ${approvalDay(a.approved_at, timeZone)}`);
}

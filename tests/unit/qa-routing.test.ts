import { describe, expect, it } from 'vitest';
import { routeTypedLetter } from '../../src/domain/qa-routing';
import { DICTATION_STATUSES } from '../../src/domain/statuses';

describe('QA routing of a typed letter sent for approval', () => {
  it('goes straight to the author when neither the job type nor the typist asks for QA', () => {
    expect(routeTypedLetter({ from: 'BEING_TYPED', jobTypeQaRequired: false, typistQaRequired: false })).toEqual({
      to: 'AUTHOR_APPROVAL',
      action: 'send_for_approval',
    });
  });
  it('goes to QA review for a job type that asks for it', () => {
    expect(routeTypedLetter({ from: 'BEING_TYPED', jobTypeQaRequired: true, typistQaRequired: false })).toEqual({
      to: 'QA_REVIEW',
      action: 'send_to_qa',
      why: 'job_type',
    });
  });
  it('goes to QA review for a trainee typist', () => {
    expect(routeTypedLetter({ from: 'BEING_TYPED', jobTypeQaRequired: false, typistQaRequired: true })).toEqual({
      to: 'QA_REVIEW',
      action: 'send_to_qa',
      why: 'trainee',
    });
    expect(routeTypedLetter({ from: 'BEING_TYPED', jobTypeQaRequired: true, typistQaRequired: true }).to).toBe('QA_REVIEW');
  });
  it('a letter back from an outsourcing pool is checked in-house and then goes to the author, not to QA again', () => {
    for (const jobTypeQaRequired of [true, false])
      for (const typistQaRequired of [true, false])
        expect(routeTypedLetter({ from: 'OUTSOURCED_REVIEW', jobTypeQaRequired, typistQaRequired }).to).toBe('AUTHOR_APPROVAL');
  });
  it('never sends anything else to QA', () => {
    for (const from of DICTATION_STATUSES.filter((s) => s !== 'BEING_TYPED'))
      expect(routeTypedLetter({ from, jobTypeQaRequired: true, typistQaRequired: true }).action).toBe('send_for_approval');
  });
});

import { describe, expect, it } from 'vitest';
import { diffSummary, wordDiff } from '../../src/domain/word-diff';

describe('word-level comparison of two versions', () => {
  it('marks the words inserted and deleted, keeping the rest as it was', () => {
    const parts = wordDiff('Start amlodipine 5 mg daily.', 'Start amlodipine 10 mg daily and review.');
    expect(parts).toEqual([
      { kind: 'same', text: 'Start amlodipine ' },
      { kind: 'removed', text: '5' },
      { kind: 'added', text: '10' },
      { kind: 'same', text: ' mg daily' },
      { kind: 'added', text: ' and review' },
      { kind: 'same', text: '.' },
    ]);
    expect(diffSummary(parts)).toEqual({ added: 3, removed: 1 });
  });

  it('reading the old parts gives the old text and the new parts the new text', () => {
    const older = 'Diagnosis: asthma.\nPlan: inhaler twice daily; review in six weeks.';
    const newer = 'Diagnosis: moderate asthma.\nPlan: inhaler twice daily; review in 4 weeks with spirometry.';
    const parts = wordDiff(older, newer);
    expect(
      parts
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(older);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(newer);
  });

  it('identical texts are one unchanged part; an empty side is all inserted or all deleted', () => {
    expect(wordDiff('Dear Dr Patel', 'Dear Dr Patel')).toEqual([{ kind: 'same', text: 'Dear Dr Patel' }]);
    expect(wordDiff('', 'New letter')).toEqual([{ kind: 'added', text: 'New letter' }]);
    expect(wordDiff('Old letter', '')).toEqual([{ kind: 'removed', text: 'Old letter' }]);
  });
});

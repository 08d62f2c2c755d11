import { describe, expect, it } from 'vitest';
import { dropRepeatedBoxes, topLevelBoxes } from '../../src/lib/recordings/mp4-repair';
import { box, join } from './mp4-boxes';

const types = (bytes: Uint8Array) => topLevelBoxes(bytes)!.map((b) => b.type);

describe('WebKit MP4 repair (issue 9 §1)', () => {
  it('drops the repeated ftyp at the start and the repeated last moof, as WebKitGTK 2.50 wrote them', () => {
    const file = join(
      box('ftyp', 24, 1),
      box('ftyp', 24, 1),
      box('moov', 745, 2),
      box('moof', 592, 3),
      box('mdat', 5990, 4),
      box('moof', 304, 5),
      box('moof', 304, 5),
      box('mdat', 2642, 6),
    );
    const repaired = dropRepeatedBoxes(file)!;
    expect(types(repaired)).toEqual(['ftyp', 'moov', 'moof', 'mdat', 'moof', 'mdat']);
    expect(repaired.length).toBe(file.length - 32 - 312);
    // The audio itself is untouched: the last mdat is still whole at the end.
    expect(repaired.subarray(repaired.length - 2650)).toEqual(box('mdat', 2642, 6));
  });

  it('leaves a sound file alone, and two different moofs in a row, and identical audio blocks', () => {
    expect(dropRepeatedBoxes(join(box('ftyp', 24), box('moov', 10), box('moof', 8, 1), box('mdat', 20)))).toBeNull();
    expect(dropRepeatedBoxes(join(box('ftyp', 24), box('moof', 8, 1), box('moof', 8, 2), box('mdat', 20)))).toBeNull();
    expect(dropRepeatedBoxes(join(box('ftyp', 24), box('moof', 8, 1), box('mdat', 20), box('mdat', 20)))).toBeNull();
  });

  it('leaves anything that is not whole MP4 boxes alone (WebM, a cut-off file)', () => {
    expect(dropRepeatedBoxes(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0]))).toBeNull();
    const cut = join(box('ftyp', 24), box('ftyp', 24), box('moov', 10)).subarray(0, 70);
    expect(dropRepeatedBoxes(cut)).toBeNull();
  });
});

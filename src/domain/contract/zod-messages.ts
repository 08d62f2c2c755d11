import { z } from 'zod';

/** Plain words for zod's generic messages, for every schema of the contract (client and server). */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') return issue.input === undefined ? 'This field is required.' : 'This value has the wrong type.';
    if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    if (issue.code === 'too_big' && issue.origin === 'string') return `Use at most ${String(issue.maximum)} characters.`;
    if (issue.code === 'too_small' && issue.origin === 'string') return 'This field is required.';
    return undefined;
  },
});

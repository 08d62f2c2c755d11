/**
 * Voice-command punctuation (spec §9): spoken commands in recognised text become symbols.
 * Multi-word commands are matched before single words; matching ignores case.
 */
interface Command {
  words: string;
  symbol: string;
  /** How the symbol joins the text around it. */
  kind: 'closing' | 'opening' | 'break' | 'joiner';
}

const COMMANDS: Command[] = [
  { words: 'new paragraph', symbol: '\n\n', kind: 'break' },
  { words: 'next paragraph', symbol: '\n\n', kind: 'break' },
  { words: 'new line', symbol: '\n', kind: 'break' },
  { words: 'next line', symbol: '\n', kind: 'break' },
  { words: 'full stop', symbol: '.', kind: 'closing' },
  { words: 'period', symbol: '.', kind: 'closing' },
  { words: 'comma', symbol: ',', kind: 'closing' },
  { words: 'question mark', symbol: '?', kind: 'closing' },
  { words: 'exclamation mark', symbol: '!', kind: 'closing' },
  { words: 'exclamation point', symbol: '!', kind: 'closing' },
  { words: 'semicolon', symbol: ';', kind: 'closing' },
  { words: 'semi colon', symbol: ';', kind: 'closing' },
  { words: 'colon', symbol: ':', kind: 'closing' },
  { words: 'ellipsis', symbol: '…', kind: 'closing' },
  { words: 'open bracket', symbol: '(', kind: 'opening' },
  { words: 'open brackets', symbol: '(', kind: 'opening' },
  { words: 'close bracket', symbol: ')', kind: 'closing' },
  { words: 'close brackets', symbol: ')', kind: 'closing' },
  { words: 'open quote', symbol: '“', kind: 'opening' },
  { words: 'close quote', symbol: '”', kind: 'closing' },
  { words: 'hyphen', symbol: '-', kind: 'joiner' },
  { words: 'dash', symbol: ' – ', kind: 'joiner' },
  { words: 'slash', symbol: '/', kind: 'joiner' },
  { words: 'forward slash', symbol: '/', kind: 'joiner' },
  { words: 'percent', symbol: '%', kind: 'closing' },
  { words: 'per cent', symbol: '%', kind: 'closing' },
];

const SORTED = [...COMMANDS].sort((a, b) => b.words.length - a.words.length);
const PATTERN = new RegExp(`\\b(${SORTED.map((c) => c.words.replace(/ /g, '\\s+')).join('|')})\\b`, 'gi');

function capitaliseSentences(text: string): string {
  return text.replace(/(^|[.?!]\s+|\n\s*)([a-z])/g, (_m, lead: string, ch: string) => lead + ch.toUpperCase());
}

export function convertVoiceCommands(input: string): string {
  const bySpoken = new Map(COMMANDS.map((c) => [c.words, c]));
  let out = '';
  let trimNext = false;
  let last = 0;
  const append = (text: string) => {
    out += trimNext ? text.replace(/^[ \t]+/, '') : text;
    trimNext = false;
  };
  for (const m of input.matchAll(PATTERN)) {
    append(input.slice(last, m.index));
    last = m.index + m[0].length;
    const cmd = bySpoken.get(m[0].toLowerCase().replace(/\s+/g, ' '))!;
    // Closing symbols attach to the word before, opening ones to the word after; breaks and joiners to both.
    if (cmd.kind === 'opening') out += cmd.symbol;
    else out = out.replace(/[ \t]+$/, '') + cmd.symbol;
    trimNext = cmd.kind !== 'closing';
  }
  append(input.slice(last));
  out = out
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^[ \t]+/gm, '')
    .trim();
  return capitaliseSentences(out);
}

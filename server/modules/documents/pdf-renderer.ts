/**
 * The letter as a PDF (pdfmake 0.3, server side): A4, the letterhead on page 1, the patient's identifiers
 * and "Page n of m" on every page, DRAFT across every page of a letter not yet approved. Fonts are the
 * Roboto files shipped with pdfmake; nothing is fetched: no URL and no file outside those fonts may be read.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, ContentText, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { LetterNode } from '../../../src/domain/contract';
import type { LetterModel } from '../../../src/domain/letter-model';
import { signOffLead } from './sign-off';

const require = createRequire(import.meta.url);
const robotoDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

const NHS_BLUE = '#005EB8';
const GREY = '#425563';
/** pdfmake ids of the sign-off's first line and of the body's last lines, which keep it company. */
const SIGN_OFF = 'sign-off';
const SIGN_OFF_LEAD = 'sign-off-lead';

let configured = false;
function printer() {
  if (!configured) {
    pdfmake.setFonts({
      Roboto: {
        normal: path.join(robotoDir, 'Roboto-Regular.ttf'),
        bold: path.join(robotoDir, 'Roboto-Medium.ttf'),
        italics: path.join(robotoDir, 'Roboto-Italic.ttf'),
        bolditalics: path.join(robotoDir, 'Roboto-MediumItalic.ttf'),
      },
    });
    // A letter never loads anything from the network, and from disk only pdfmake's own fonts.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((p: string) => path.resolve(p).startsWith(robotoDir + path.sep));
    configured = true;
  }
  return pdfmake;
}

type Inline = ContentText | string;

function inlines(node: LetterNode): Inline[] {
  const out: Inline[] = [];
  for (const c of node.content ?? []) {
    if (c.type === 'hardBreak') out.push('\n');
    else if (c.type === 'text' && c.text) {
      const marks = new Set((c.marks ?? []).map((m) => m.type));
      out.push({
        text: c.text,
        ...(marks.has('bold') ? { bold: true } : {}),
        ...(marks.has('italic') ? { italics: true } : {}),
        ...(marks.has('underline') ? { decoration: 'underline' as const } : {}),
      });
    }
  }
  return out;
}

const LIST_STYLE: Record<string, string> = { '1': 'decimal', a: 'lower-alpha', A: 'upper-alpha', i: 'lower-roman', I: 'upper-roman' };

/** Table rows with a placeholder wherever a spanning cell covers a position (pdfmake needs the full grid). */
function tableBody(table: LetterNode): TableCell[][] {
  const grid: TableCell[][] = [];
  const taken: boolean[][] = [];
  (table.content ?? []).forEach((row, r) => {
    grid[r] ??= [];
    taken[r] ??= [];
    let col = 0;
    for (const cell of row.content ?? []) {
      while (taken[r]![col]) col++;
      const colSpan = Number(cell.attrs?.colspan ?? 1) || 1;
      const rowSpan = Number(cell.attrs?.rowspan ?? 1) || 1;
      const header = cell.type === 'tableHeader';
      grid[r]![col] = {
        // Paragraphs in a cell without the space below them: the cell's padding is enough.
        stack: blocks(cell.content ?? []).map((b) =>
          (b as { style?: string }).style === 'p' ? { ...(b as object), style: 'cell' } : b,
        ) as Content[],
        ...(colSpan > 1 ? { colSpan } : {}),
        ...(rowSpan > 1 ? { rowSpan } : {}),
        ...(header ? { bold: true, fillColor: '#E8EDEE' } : {}),
      } as TableCell;
      for (let dr = 0; dr < rowSpan; dr++) {
        taken[r + dr] ??= [];
        grid[r + dr] ??= [];
        for (let dc = 0; dc < colSpan; dc++) {
          taken[r + dr]![col + dc] = true;
          if (dr || dc) grid[r + dr]![col + dc] = {};
        }
      }
      col += colSpan;
    }
  });
  const width = Math.max(1, ...taken.map((t) => t.length));
  return grid.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? {}));
}

function block(node: LetterNode): Content {
  switch (node.type) {
    case 'heading':
      return { text: inlines(node), style: node.attrs?.level === 3 ? 'h3' : 'h2' };
    case 'paragraph':
      return { text: inlines(node).length ? inlines(node) : ' ', style: 'p' };
    case 'bulletList':
      return { ul: (node.content ?? []).map((li) => ({ stack: blocks(li.content ?? []) })), style: 'list' };
    case 'orderedList':
      return {
        ol: (node.content ?? []).map((li) => ({ stack: blocks(li.content ?? []) })),
        start: Number(node.attrs?.start ?? 1) || 1,
        type: LIST_STYLE[String(node.attrs?.type ?? '1')] ?? 'decimal',
        style: 'list',
      } as Content;
    case 'table': {
      const body = tableBody(node);
      return {
        table: {
          dontBreakRows: true,
          keepWithHeaderRows: 1,
          headerRows: node.content?.[0]?.content?.every((c) => c.type === 'tableHeader') ? 1 : 0,
          widths: body[0]!.map(() => '*'),
          body,
        },
        layout: { hLineColor: '#AEB7BD', vLineColor: '#AEB7BD', hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
        style: 'table',
      };
    }
    default:
      return { text: '' };
  }
}

const blocks = (nodes: LetterNode[]): Content[] => nodes.map(block);

/** The body, its block that leads into the sign-off marked with SIGN_OFF_LEAD (see keepSignOffCompany). */
function bodyBlocks(m: LetterModel): Content[] {
  const nodes = m.body.content ?? [];
  const lead = signOffLead(nodes);
  return nodes.map((n, i) => (i === lead ? ({ ...(block(n) as object), id: SIGN_OFF_LEAD } as Content) : block(n)));
}

interface PlacedNode {
  id?: string;
  pageNumbers: number[];
  startPosition: { verticalRatio: number };
}

/**
 * pdfmake's pageBreakBefore: the sign-off (closing, name, job title, approval line) is never alone on a page.
 * When it would start on a later page than the one the body's last block ends on, that block (with its
 * heading) starts a new page too, so the reader finds the last lines of the letter above the signature.
 * The sign-off itself is unbreakable; the block moved is never cut, only started lower. (Not `unbreakable`
 * around both: pdfmake keeps only the first page of an unbreakable block taller than a page.)
 */
function keepSignOffCompany(
  node: PlacedNode,
  around: { getFollowingNodesOnPage(): PlacedNode[]; getNodesOnNextPage(): PlacedNode[] },
): boolean {
  // At the top of its page already: a new page would only leave this one empty.
  if (node.id !== SIGN_OFF_LEAD || node.startPosition.verticalRatio < 0.1) return false;
  const last = Math.max(...node.pageNumbers);
  const signOff = [...around.getFollowingNodesOnPage(), ...around.getNodesOnNextPage()].find((n) => n.id === SIGN_OFF);
  // Further than the page after the block's first page: only a block spanning pages gets there, and the
  // sign-off follows it straight on; left as it is.
  if (!signOff) return false;
  return Math.min(...signOff.pageNumbers) > last;
}

function letterhead(m: LetterModel): Content {
  const h = m.letterhead;
  const contact = [h.telephone && `Tel: ${h.telephone}`, h.email && `Email: ${h.email}`, h.website].filter(Boolean) as string[];
  return {
    columns: [
      h.logo_png_base64 ? { image: `data:image/png;base64,${h.logo_png_base64}`, fit: [160, 64], width: 170 } : { text: '', width: 10 },
      {
        width: '*',
        alignment: 'right',
        stack: [
          { text: h.trust_name, bold: true, fontSize: 13, color: NHS_BLUE },
          ...(h.site_name ? [{ text: h.site_name, fontSize: 10, margin: [0, 1, 0, 2] as [number, number, number, number] }] : []),
          ...h.address_lines.map((l) => ({ text: l, fontSize: 8.5, color: GREY })),
          ...contact.map((l) => ({ text: l, fontSize: 8.5, color: GREY })),
        ],
      },
    ],
    margin: [0, 0, 0, 18],
  };
}

function addressAndDate(m: LetterModel): Content {
  const facts: [string, string][] = [
    ['Date', m.date],
    ['Our ref', m.reference],
    ['Dictated', m.dictated],
    ...(m.department ? [['Department', m.department] as [string, string]] : []),
  ];
  return {
    columns: [
      {
        width: '*',
        stack: m.addressee ? [{ text: m.addressee.name, bold: true }, ...m.addressee.lines.map((l) => ({ text: l }))] : [{ text: '' }],
      },
      {
        width: 'auto',
        table: { body: facts.map(([k, v]) => [{ text: k, color: GREY }, { text: v }]) },
        layout: 'noBorders',
        fontSize: 9,
      },
    ],
    margin: [0, 0, 0, 16],
  };
}

function patientBlock(m: LetterModel): Content {
  const p = m.patient;
  const row = (label: string, value: string) => [
    { text: label, color: GREY },
    { text: value || '—', bold: label === 'Patient' },
  ];
  return {
    table: {
      widths: [80, '*'],
      body: [
        row('Patient', p.name || 'No patient name'),
        row('Date of birth', p.dob),
        row('NHS number', p.nhs_number),
        row('Hospital no.', p.mrn),
        ...(p.address_lines.length ? [row('Address', p.address_lines.join(', '))] : []),
      ],
    },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === node.table.body.length ? 0.75 : 0),
      vLineWidth: (i: number) => (i === 0 ? 3 : 0),
      vLineColor: () => NHS_BLUE,
      hLineColor: () => '#AEB7BD',
      paddingLeft: (i: number) => (i === 0 ? 8 : 4),
    },
    fontSize: 9.5,
    margin: [0, 0, 0, 14],
  };
}

function signature(m: LetterModel): Content[] {
  const s = m.signature;
  const lines: Content[] = [
    { text: 'Yours sincerely', margin: [0, 14, 0, 26], id: SIGN_OFF },
    { text: s.name, bold: true },
    ...(s.job_title ? [{ text: s.job_title }] : []),
    ...(s.registration_number ? [{ text: s.registration_number, color: GREY }] : []),
  ];
  if (s.approved) {
    lines.push({ text: s.approved_line, italics: true, fontSize: 9, color: GREY, margin: [0, 4, 0, 0] });
  } else if (s.note) {
    lines.push({ text: s.note, italics: true, bold: true, color: '#D5281B', margin: [0, 4, 0, 0] });
  }
  return [{ stack: lines, unbreakable: true }];
}

function copies(m: LetterModel): Content[] {
  if (!m.cc.length) return [];
  return [
    {
      margin: [0, 16, 0, 0],
      columns: [
        { text: 'cc:', width: 30, bold: true },
        {
          width: '*',
          stack: m.cc.map((c) => ({ text: [c.name, ...c.lines].join(', '), margin: [0, 0, 0, 3] as [number, number, number, number] })),
        },
      ],
      fontSize: 9.5,
    },
  ];
}

/** The pdfmake document of a letter (exported for the renderer's own tests). */
export function pdfDefinition(m: LetterModel): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [56, 64, 56, 56],
    info: { title: `${m.title} ${m.reference}`, subject: m.title, creator: 'Wardnote', producer: 'Wardnote' },
    ...(m.watermark ? { watermark: { text: m.watermark, color: '#D5281B', opacity: 0.12, bold: true } } : {}),
    header: () => ({
      margin: [56, 24, 56, 0],
      columns: [
        { text: m.identifiers, fontSize: 8.5, bold: true },
        ...(m.draft
          ? [
              {
                text: 'DRAFT – not yet approved',
                fontSize: 8.5,
                bold: true,
                color: '#D5281B',
                alignment: 'right' as const,
                width: 'auto' as const,
              },
            ]
          : []),
      ],
    }),
    footer: (page: number, pages: number) => ({
      margin: [56, m.letterhead.footer ? 10 : 18, 56, 0],
      stack: [
        ...(m.letterhead.footer
          ? [
              {
                text: m.letterhead.footer,
                fontSize: 7.5,
                color: GREY,
                alignment: 'center' as const,
                margin: [0, 0, 0, 3] as [number, number, number, number],
              },
            ]
          : []),
        {
          columns: [
            { text: `${m.letterhead.trust_name}  ·  Ref ${m.reference}`, fontSize: 8, color: GREY },
            { text: `Page ${page} of ${pages}`, fontSize: 8, alignment: 'right' as const, width: 'auto' as const },
          ],
        },
      ],
    }),
    pageBreakBefore: keepSignOffCompany as TDocumentDefinitions['pageBreakBefore'],
    content: [
      letterhead(m),
      addressAndDate(m),
      { text: m.title, style: 'title' },
      patientBlock(m),
      { text: m.salutation, margin: [0, 0, 0, 8], ...(signOffLead(m.body.content ?? []) < 0 ? { id: SIGN_OFF_LEAD } : {}) },
      ...bodyBlocks(m),
      ...signature(m),
      ...copies(m),
    ],
    defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 14, bold: true, color: NHS_BLUE, margin: [0, 0, 0, 8] },
      h2: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
      h3: { fontSize: 11, bold: true, margin: [0, 8, 0, 3] },
      p: { margin: [0, 0, 0, 6] },
      cell: { margin: [0, 0, 0, 0] },
      list: { margin: [0, 0, 0, 6] },
      table: { margin: [0, 4, 0, 8], fontSize: 9.5 },
    },
  };
}

/** The letter as PDF bytes. */
export async function renderLetterPdf(m: LetterModel): Promise<Buffer> {
  return printer().createPdf(pdfDefinition(m)).getBuffer();
}

/**
 * The letter as a Word document (`docx`): the same parts as the PDF, for a secretary who must change
 * a letter outside Wardnote. The patient's identifiers sit in the header and "Page n of m" in the
 * footer of every page; a letter not yet approved carries Word's own DRAFT watermark.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type ILevelsOptions,
  type INumberingOptions,
  type ParagraphChild,
} from 'docx';
import { TextWatermark } from 'docx/watermarks';
import type { LetterNode } from '../../../src/domain/contract';
import type { LetterModel } from '../../../src/domain/letter-model';
import { signOffLead } from './sign-off';

const NHS_BLUE = '005EB8';
const GREY = '425563';
const RED = 'D5281B';
/** Text width of an A4 page with 2 cm margins, in twentieths of a point. */
const TEXT_WIDTH = 11906 - 2 * 1134;

const LEVEL_FORMAT: Record<string, (typeof LevelFormat)[keyof typeof LevelFormat]> = {
  '1': LevelFormat.DECIMAL,
  a: LevelFormat.LOWER_LETTER,
  A: LevelFormat.UPPER_LETTER,
  i: LevelFormat.LOWER_ROMAN,
  I: LevelFormat.UPPER_ROMAN,
};

/** The width and height of a PNG, from its header; null when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || png.readUInt32BE(0) !== 0x89504e47 || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function runs(node: LetterNode, extra: { bold?: boolean } = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const c of node.content ?? []) {
    if (c.type === 'hardBreak') out.push(new TextRun({ break: 1 }));
    else if (c.type === 'text' && c.text) {
      const marks = new Set((c.marks ?? []).map((m) => m.type));
      out.push(
        new TextRun({
          text: c.text,
          bold: marks.has('bold') || extra.bold,
          italics: marks.has('italic'),
          ...(marks.has('underline') ? { underline: {} } : {}),
        }),
      );
    }
  }
  return out;
}

/** Walks the letter body into Word paragraphs and tables, collecting one numbering per ordered list. */
class BodyWriter {
  readonly numbering: INumberingOptions['config'][number][] = [];
  /** Set while writing the body's last lines: each paragraph is kept with the next, down to the sign-off. */
  keepNext = false;

  blocks(nodes: LetterNode[], list?: { level: number; ordered?: string }): (Paragraph | Table)[] {
    return nodes.flatMap((n) => this.block(n, list));
  }

  private block(node: LetterNode, list?: { level: number; ordered?: string }): (Paragraph | Table)[] {
    switch (node.type) {
      case 'heading':
        return [
          new Paragraph({ heading: node.attrs?.level === 3 ? HeadingLevel.HEADING_3 : HeadingLevel.HEADING_2, children: runs(node) }),
        ];
      case 'paragraph':
        if (!list) return [new Paragraph({ children: runs(node), spacing: { after: 120 }, ...this.keep() })];
        return [
          new Paragraph({
            children: runs(node),
            ...this.keep(),
            ...(list.ordered ? { numbering: { reference: list.ordered, level: list.level } } : { bullet: { level: list.level } }),
          }),
        ];
      case 'bulletList':
      case 'orderedList': {
        const level = list ? Math.min(list.level + 1, 8) : 0;
        const ordered = node.type === 'orderedList' ? this.orderedNumbering(node) : undefined;
        return (node.content ?? []).flatMap((item) =>
          (item.content ?? []).flatMap((child, i) =>
            // Only an item's first paragraph carries the number or bullet; the rest are indented under it.
            child.type === 'paragraph' && i > 0
              ? [new Paragraph({ children: runs(child), indent: { left: 720 * (level + 1) }, ...this.keep() })]
              : this.block(child, { level, ordered }),
          ),
        );
      }
      case 'table':
        return [this.table(node)];
      default:
        return [];
    }
  }

  private keep(): { keepNext?: true; keepLines?: true } {
    return this.keepNext ? { keepNext: true, keepLines: true } : {};
  }

  private orderedNumbering(node: LetterNode): string {
    const reference = `ol-${this.numbering.length + 1}`;
    const format = LEVEL_FORMAT[String(node.attrs?.type ?? '1')] ?? LevelFormat.DECIMAL;
    const start = Number(node.attrs?.start ?? 1) || 1;
    const levels: ILevelsOptions[] = Array.from({ length: 9 }, (_, level) => ({
      level,
      format,
      text: `%${level + 1}.`,
      start,
      alignment: AlignmentType.START,
      style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
    }));
    this.numbering.push({ reference, levels });
    return reference;
  }

  private table(node: LetterNode): Table {
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: (node.content ?? []).map(
        (row, r) =>
          new TableRow({
            tableHeader: r === 0 && (row.content ?? []).every((c) => c.type === 'tableHeader'),
            children: (row.content ?? []).map((cell) => {
              const header = cell.type === 'tableHeader';
              const colSpan = Number(cell.attrs?.colspan ?? 1) || 1;
              const rowSpan = Number(cell.attrs?.rowspan ?? 1) || 1;
              const inner = (cell.content ?? []).flatMap((c) =>
                c.type === 'paragraph' || c.type === 'heading' ? [new Paragraph({ children: runs(c, { bold: header }) })] : this.block(c),
              );
              return new TableCell({
                children: inner.length ? inner : [new Paragraph('')],
                ...(colSpan > 1 ? { columnSpan: colSpan } : {}),
                ...(rowSpan > 1 ? { rowSpan } : {}),
                ...(header ? { shading: { fill: 'E8EDEE' } } : {}),
              });
            }),
          }),
      ),
    });
  }
}

const small = (text: string, opts: { bold?: boolean; color?: string; italics?: boolean } = {}) => new TextRun({ text, size: 17, ...opts });

function letterhead(m: LetterModel): (Paragraph | Table)[] {
  const h = m.letterhead;
  const right = (children: ParagraphChild[]) => new Paragraph({ alignment: AlignmentType.RIGHT, children });
  const lines = [
    right([new TextRun({ text: h.trust_name, bold: true, size: 26, color: NHS_BLUE })]),
    ...(h.site_name ? [right([new TextRun({ text: h.site_name, size: 20 })])] : []),
    ...h.address_lines.map((l) => right([small(l, { color: GREY })])),
    ...[h.telephone && `Tel: ${h.telephone}`, h.email && `Email: ${h.email}`, h.website]
      .filter((l): l is string => !!l)
      .map((l) => right([small(l, { color: GREY })])),
  ];
  const png = h.logo_png_base64 ? Buffer.from(h.logo_png_base64, 'base64') : null;
  const size = png && pngSize(png);
  if (!png || !size) return [...lines, new Paragraph('')];
  const scale = Math.min(210 / size.width, 84 / size.height, 1);
  const logo = new ImageRun({
    type: 'png',
    data: png,
    transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) },
  });
  return [
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: noBorders,
      rows: [
        new TableRow({
          children: [
            new TableCell({ children: [new Paragraph({ children: [logo] })], width: { size: 35, type: WidthType.PERCENTAGE } }),
            new TableCell({ children: lines, width: { size: 65, type: WidthType.PERCENTAGE } }),
          ],
        }),
      ],
    }),
    new Paragraph(''),
  ];
}

const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const noBorders = { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none };

function addressAndDate(m: LetterModel): Table {
  const facts: [string, string][] = [
    ['Date', m.date],
    ['Our ref', m.reference],
    ['Dictated', m.dictated],
    ...(m.department ? [['Department', m.department] as [string, string]] : []),
  ];
  const address = m.addressee
    ? [
        new Paragraph({ children: [new TextRun({ text: m.addressee.name, bold: true })] }),
        ...m.addressee.lines.map((l) => new Paragraph(l)),
      ]
    : [new Paragraph('')];
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: noBorders,
    rows: [
      new TableRow({
        children: [
          new TableCell({ children: address, width: { size: 60, type: WidthType.PERCENTAGE } }),
          new TableCell({
            width: { size: 40, type: WidthType.PERCENTAGE },
            children: facts.map(([k, v]) => new Paragraph({ children: [small(`${k}: `, { color: GREY }), small(v)] })),
          }),
        ],
      }),
    ],
  });
}

function patientBlock(m: LetterModel): Table {
  const p = m.patient;
  const rows: [string, string][] = [
    ['Patient', p.name || 'No patient name'],
    ['Date of birth', p.dob || '—'],
    ['NHS number', p.nhs_number || '—'],
    ['Hospital no.', p.mrn || '—'],
    ...(p.address_lines.length ? [['Address', p.address_lines.join(', ')] as [string, string]] : []),
  ];
  const line = { style: BorderStyle.SINGLE, size: 4, color: 'AEB7BD' };
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { ...noBorders, top: line, bottom: line, left: { style: BorderStyle.SINGLE, size: 24, color: NHS_BLUE } },
    rows: rows.map(
      ([k, v]) =>
        new TableRow({
          children: [
            new TableCell({
              children: [new Paragraph({ children: [small(k, { color: GREY })] })],
              width: { size: 25, type: WidthType.PERCENTAGE },
            }),
            new TableCell({
              children: [new Paragraph({ children: [small(v, { bold: k === 'Patient' })] })],
              width: { size: 75, type: WidthType.PERCENTAGE },
            }),
          ],
        }),
    ),
  });
}

/** The sign-off, one block: each of its lines but the last kept with the next (see sign-off.ts). */
function signature(m: LetterModel): Paragraph[] {
  const s = m.signature;
  const lines: { children: ParagraphChild[]; spacing?: { before: number; after: number } }[] = [
    { children: [new TextRun('Yours sincerely')], spacing: { before: 240, after: 480 } },
    { children: [new TextRun({ text: s.name, bold: true })] },
    ...(s.job_title ? [{ children: [new TextRun(s.job_title)] }] : []),
    ...(s.registration_number ? [{ children: [new TextRun({ text: s.registration_number, color: GREY })] }] : []),
  ];
  if (s.approved) {
    lines.push({ children: [small(s.approved_line, { italics: true, color: GREY })] });
  } else if (s.note) {
    lines.push({ children: [new TextRun({ text: s.note, bold: true, italics: true, color: RED })] });
  }
  return lines.map((l, i) => new Paragraph({ ...l, keepLines: true, ...(i < lines.length - 1 ? { keepNext: true } : {}) }));
}

function copies(m: LetterModel): Paragraph[] {
  return m.cc.map(
    (c, i) =>
      new Paragraph({
        spacing: i === 0 ? { before: 240 } : undefined,
        children: [new TextRun({ text: i === 0 ? 'cc:\t' : '\t', bold: true }), new TextRun([c.name, ...c.lines].join(', '))],
        tabStops: [{ type: TabStopType.LEFT, position: 567 }],
        indent: { left: 567, hanging: 567 },
      }),
  );
}

/** The letter as DOCX bytes. */
export async function renderLetterDocx(m: LetterModel): Promise<Buffer> {
  const body = new BodyWriter();
  const nodes = m.body.content ?? [];
  // The body's last lines go with the sign-off (a heading keeps with the next by its style already).
  const lead = signOffLead(nodes);
  const content = body.blocks(lead < 0 ? nodes : nodes.slice(0, lead));
  body.keepNext = true;
  if (lead >= 0) content.push(...body.blocks(nodes.slice(lead)));
  const header = new Header({
    children: [
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
        children: [
          small(m.identifiers, { bold: true }),
          ...(m.draft ? [small('\tDRAFT – not yet approved', { bold: true, color: RED })] : []),
          ...(m.watermark ? [new TextWatermark({ text: m.watermark, color: RED, opacity: 0.15 })] : []),
        ],
      }),
    ],
  });
  const footer = new Footer({
    children: [
      ...(m.letterhead.footer
        ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [small(m.letterhead.footer, { color: GREY })] })]
        : []),
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
        children: [
          small(`${m.letterhead.trust_name}  ·  Ref ${m.reference}`, { color: GREY }),
          new TextRun({ children: ['\tPage ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES], size: 16 }),
        ],
      }),
    ],
  });
  const doc = new Document({
    creator: 'Wardnote',
    title: `${m.title} ${m.reference}`,
    styles: {
      default: { document: { run: { font: 'Arial', size: 21 } } },
      paragraphStyles: [
        {
          id: 'Heading2',
          name: 'Heading 2',
          basedOn: 'Normal',
          next: 'Normal',
          run: { bold: true, size: 24 },
          paragraph: { spacing: { before: 200, after: 80 }, keepNext: true },
        },
        {
          id: 'Heading3',
          name: 'Heading 3',
          basedOn: 'Normal',
          next: 'Normal',
          run: { bold: true, size: 22 },
          paragraph: { spacing: { before: 160, after: 60 }, keepNext: true },
        },
      ],
    },
    numbering: { config: body.numbering },
    sections: [
      {
        properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134, header: 567, footer: 567 } } },
        headers: { default: header },
        footers: { default: footer },
        children: [
          ...letterhead(m),
          addressAndDate(m),
          new Paragraph({
            spacing: { before: 240, after: 120 },
            children: [new TextRun({ text: m.title, bold: true, size: 28, color: NHS_BLUE })],
          }),
          patientBlock(m),
          new Paragraph({ text: m.salutation, spacing: { before: 240, after: 120 }, ...(lead < 0 ? { keepNext: true } : {}) }),
          ...content,
          ...signature(m),
          ...copies(m),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

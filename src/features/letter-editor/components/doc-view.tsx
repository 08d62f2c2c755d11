import type { ReactNode } from 'react';
import type { LetterNode } from '../../../domain/contract/letter';

function marked(text: string, marks: LetterNode['marks'] = []): ReactNode {
  return marks.reduce<ReactNode>((inner, m) => {
    if (m.type === 'bold') return <strong>{inner}</strong>;
    if (m.type === 'italic') return <em>{inner}</em>;
    if (m.type === 'underline') return <u>{inner}</u>;
    if (m.type === 'placeholder') return <span className="letter-placeholder">{inner}</span>;
    return inner;
  }, text);
}

function render(node: LetterNode, key: number, headingBase: number): ReactNode {
  const kids = () => (node.content ?? []).map((c, i) => render(c, i, headingBase));
  switch (node.type) {
    case 'text':
      return <span key={key}>{marked(node.text ?? '', node.marks)}</span>;
    case 'hardBreak':
      return <br key={key} />;
    case 'paragraph':
      return <p key={key}>{kids()}</p>;
    case 'heading': {
      const level = Math.min(6, headingBase + Number(node.attrs?.level ?? 2) - 2);
      const H = `h${level}` as 'h3';
      return <H key={key}>{kids()}</H>;
    }
    case 'bulletList':
      return <ul key={key}>{kids()}</ul>;
    case 'orderedList':
      return (
        <ol key={key} start={Number(node.attrs?.start ?? 1)}>
          {kids()}
        </ol>
      );
    case 'listItem':
      return <li key={key}>{kids()}</li>;
    case 'table':
      return (
        <table key={key}>
          <tbody>{kids()}</tbody>
        </table>
      );
    case 'tableRow':
      return <tr key={key}>{kids()}</tr>;
    case 'tableHeader':
      return <th key={key}>{kids()}</th>;
    case 'tableCell':
      return <td key={key}>{kids()}</td>;
    default:
      return <div key={key}>{kids()}</div>;
  }
}

/**
 * A letter document shown read-only (the conflict's two texts) as React elements from the JSON: text is
 * text, never HTML. `headingBase` is the HTML level of the letter's section headings in this place.
 */
export function DocView({ doc, headingBase = 3, label }: { doc: LetterNode; headingBase?: number; label?: string }) {
  return (
    <div className="letter-body letter-readonly" aria-label={label} role={label ? 'document' : undefined}>
      {(doc.content ?? []).map((c, i) => render(c, i, headingBase))}
    </div>
  );
}

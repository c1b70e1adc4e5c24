import { Fragment } from 'react';
import { Link } from 'react-router';
import type { Inline, MarkdownBlock } from './methods-markdown.ts';

/** The parts of a static document with keys from their place (it is never reordered). */
const keyed = <T,>(items: readonly T[]) => items.map((value, place) => ({ value, key: `p${place}` }));

function Inlines({ content }: { content: Inline[] }) {
  return content.map((part, i) => {
    const key = `${i}`;
    switch (part.kind) {
      case 'code':
        return <code key={key}>{part.text}</code>;
      case 'strong':
        return <strong key={key}>{part.text}</strong>;
      case 'link':
        return part.href.startsWith('/') ? (
          <Link key={key} to={part.href}>
            {part.text}
          </Link>
        ) : (
          <a key={key} href={part.href}>
            {part.text}
          </a>
        );
      default:
        return <Fragment key={key}>{part.text}</Fragment>;
    }
  });
}

/** The trading methods document (/trading-methods), rendered from docs/trading-methods.md. */
export function MethodsDocument({ blocks }: { blocks: MarkdownBlock[] }) {
  return (
    <article className="page methods-doc">
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case 'heading': {
            const Tag = `h${block.level}` as const;
            return (
              <Tag key={key} id={block.id}>
                <Inlines content={block.content} />
              </Tag>
            );
          }
          case 'paragraph':
            return (
              <p key={key}>
                <Inlines content={block.content} />
              </p>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={key}>
                {keyed(block.items).map((item) => (
                  <li key={item.key}>
                    <Inlines content={item.value} />
                  </li>
                ))}
              </List>
            );
          }
          case 'table':
            return (
              <table key={key}>
                <thead>
                  <tr>
                    {keyed(block.headers).map((cell) => (
                      <th key={cell.key} scope="col">
                        <Inlines content={cell.value} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {keyed(block.rows).map((row) => (
                    <tr key={row.key}>
                      {keyed(row.value).map((cell) => (
                        <td key={cell.key}>
                          <Inlines content={cell.value} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            );
          default:
            return (
              <pre key={key}>
                <code>{block.text}</code>
              </pre>
            );
        }
      })}
    </article>
  );
}

import type { PostSection } from '@hurryup/contracts/post';
import { postBlocks } from './post-blocks.ts';

export function PostBody({
  content,
  contentArray,
}: {
  content?: string | undefined;
  contentArray?: PostSection[] | undefined;
}) {
  const blocks = postBlocks({ content, contentArray });
  return (
    <div className="post-body">
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`;
        if (block.kind === 'paragraph') {
          return (
            <p key={key}>
              {block.spans.map((span, j) => {
                const spanKey = `${key}-${j}`;
                const text = j > 0 ? ` ${span.text}` : span.text;
                return span.bold ? <strong key={spanKey}>{text}</strong> : <span key={spanKey}>{text}</span>;
              })}
            </p>
          );
        }
        if (block.kind === 'image') {
          return (
            <figure key={key} className="post-body__figure">
              <img src={block.src} alt={block.alt} loading="lazy" decoding="async" />
            </figure>
          );
        }
        return (
          <div key={key} className="table-scroll">
            <table>
              <thead>
                <tr>
                  {block.headers.map((header) => (
                    <th key={header} scope="col">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
                  <tr key={r}>
                    {row.map((cell, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity of their own
                      <td key={c}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}

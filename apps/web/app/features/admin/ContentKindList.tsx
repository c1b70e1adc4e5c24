import { Link } from 'react-router';
import { contentKindNames } from './content-kind-names.ts';

/** Every kind of content, as cards leading to its list. */
export function ContentKindList() {
  return (
    <ul className="admin-cards">
      {contentKindNames.map((kind) => (
        <li key={kind.key}>
          <Link className="admin-card" to={`/admin/content/${kind.key}`}>
            <span className="admin-card__name">{kind.label}</span>
            <span className="admin-card__note">{kind.note}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

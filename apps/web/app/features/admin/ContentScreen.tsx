import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AdminFrame } from '../../shared/admin/AdminFrame.tsx';
import { ContentKindList } from './ContentKindList.tsx';
import { type ContentKind, contentKindByKey } from './content-kinds.ts';
import { useKindForm } from './use-kind-form.ts';

// The list and the form load with the screen that shows them: each console page keeps to the JavaScript
// budget (docs/decisions/0040-operator-console.md).
const ContentList = lazy(() => import('./ContentList.tsx').then((m) => ({ default: m.ContentList })));
const ContentEditor = lazy(() => import('./ContentEditor.tsx').then((m) => ({ default: m.ContentEditor })));

const loading = (
  <p className="status" role="status">
    Loading…
  </p>
);

/**
 * /admin/content: the kinds of content; /admin/content/<kind>: its items; /admin/content/<kind>/new and
 * /admin/content/<kind>/<id>: the form of one. One screen for every kind, driven by `contentKinds`.
 */
export function ContentScreen({
  kindKey,
  item,
}: {
  kindKey?: string | undefined;
  item?: string | undefined;
}) {
  const kind = contentKindByKey(kindKey);
  if (kindKey === undefined) {
    return (
      <AdminFrame title="Content">
        <p className="admin-screen__lede">Everything the site shows that you write: choose a kind.</p>
        <ContentKindList />
      </AdminFrame>
    );
  }
  if (!kind) {
    return (
      <AdminFrame title="Content">
        <p className="status status--error" role="alert">
          The console has no kind of content “{kindKey}”. <Link to="/admin/content">See every kind</Link>
        </p>
      </AdminFrame>
    );
  }
  if (item === undefined) {
    return (
      <AdminFrame
        title={kind.label}
        actions={
          <Link className="button" to={`/admin/content/${kind.key}/new`}>
            New {kind.singular}
          </Link>
        }
      >
        <p className="admin-screen__lede">
          <Link to="/admin/content">Content</Link> · {kind.note}
        </p>
        <Suspense fallback={loading}>
          <ContentList kind={kind} />
        </Suspense>
      </AdminFrame>
    );
  }
  const itemId = item === 'new' ? undefined : Number(item);
  return <ItemScreen kind={kind} itemId={itemId} valid={item === 'new' || /^[1-9]\d{0,9}$/.test(item)} />;
}

function ItemScreen({
  kind,
  itemId,
  valid,
}: {
  kind: ContentKind;
  itemId: number | undefined;
  valid: boolean;
}) {
  const { form, problem } = useKindForm(kind);
  const title = itemId === undefined ? `New ${kind.singular}` : `Edit ${kind.singular}`;
  return (
    <AdminFrame title={title}>
      <p className="admin-screen__lede">
        <Link to="/admin/content">Content</Link> · <Link to={`/admin/content/${kind.key}`}>{kind.label}</Link>
      </p>
      {!valid ? (
        <p className="status status--error" role="alert">
          That is not an item’s address. <Link to={`/admin/content/${kind.key}`}>Back to {kind.label}</Link>
        </p>
      ) : problem ? (
        <p className="status status--error" role="alert">
          {problem}
        </p>
      ) : form ? (
        <Suspense fallback={loading}>
          <ContentEditor key={`${kind.key}/${itemId ?? 'new'}`} kind={kind} form={form} itemId={itemId} />
        </Suspense>
      ) : (
        loading
      )}
    </AdminFrame>
  );
}

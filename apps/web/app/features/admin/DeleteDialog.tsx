import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { ContentKind } from './content-kinds.ts';
import { itemTitle } from './item-names.ts';
import type { useDeleteItem } from './use-delete-item.ts';

/** The question before an item is deleted: what it is, that it cannot be undone, and why it failed if it did. */
export function DeleteDialog({
  kind,
  deletion,
}: {
  kind: ContentKind;
  deletion: ReturnType<typeof useDeleteItem>;
}) {
  return (
    <ConfirmDialog
      open={deletion.asking !== undefined}
      title={`Delete this ${kind.singular}?`}
      confirmLabel={`Delete ${kind.singular}`}
      busy={deletion.busy}
      onConfirm={deletion.confirm}
      onCancel={deletion.cancel}
    >
      <p>
        “{deletion.asking ? itemTitle(kind, deletion.asking) : ''}” will be removed from the site. This cannot
        be undone.
      </p>
      {deletion.problem ? (
        <p className="admin-field__problem" role="alert">
          {deletion.problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

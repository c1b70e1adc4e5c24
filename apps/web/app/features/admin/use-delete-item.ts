import { useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import type { AdminItem, ContentKind } from './content-kinds.ts';
import { itemKey, itemTitle } from './item-names.ts';

/** Deleting an item after the operator confirms: which item is asked about, and the call's progress. */
export function useDeleteItem(kind: ContentKind, onDeleted: (title: string) => void) {
  const [asking, setAsking] = useState<AdminItem>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  async function confirm() {
    if (!asking) return;
    const id = itemKey(asking);
    setBusy(true);
    setProblem(undefined);
    try {
      await callApiLazily(() => kind.calls().then((calls) => calls.delete), { params: { id: String(id) } });
      setAsking(undefined);
      onDeleted(itemTitle(kind, asking));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not delete it. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return {
    asking,
    busy,
    problem,
    ask: (item: AdminItem) => {
      setProblem(undefined);
      setAsking(item);
    },
    cancel: () => setAsking(undefined),
    confirm,
  };
}

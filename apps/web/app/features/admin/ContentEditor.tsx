import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { type FormValues, formBody, formValues, problemsByField } from './content-form.ts';
import type { AdminItem, ContentKind } from './content-kinds.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { FieldControl } from './FieldControl.tsx';
import { itemTitle } from './item-names.ts';
import { useDeleteItem } from './use-delete-item.ts';
import type { KindForm } from './use-kind-form.ts';

/** Today in India, YYYY-MM-DD: what a new dated item starts with. */
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * The form of one item, new or stored. Checked in the browser with the kind's own contract schema before it
 * is sent, and by the server again; every problem is shown beside its field.
 */
export function ContentEditor({
  kind,
  form,
  itemId,
}: {
  kind: ContentKind;
  form: KindForm;
  itemId?: number;
}) {
  const navigate = useNavigate();
  const [item, setItem] = useState<AdminItem | 'missing'>();
  const [values, setValues] = useState<FormValues>();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const listPath = `/admin/content/${kind.key}`;

  useEffect(() => {
    let current = true;
    if (itemId === undefined) {
      setValues(formValues(form.fields, undefined, kind.defaults?.(todayInIndia()) ?? {}));
      return;
    }
    callApiLazily(() => kind.calls().then((calls) => calls.list), { query: { id: String(itemId) } }).then(
      (answer) => {
        if (!current) return;
        const found = (answer as { items: AdminItem[] }).items[0];
        setItem(found ?? 'missing');
        if (found) setValues(formValues(form.fields, found));
      },
      (error: unknown) =>
        current && setProblems({ '': error instanceof Error ? error.message : 'Could not load it.' }),
    );
    return () => {
      current = false;
    };
  }, [kind, form, itemId]);

  const deletion = useDeleteItem(kind, (title) =>
    navigate(listPath, { state: { status: `Deleted “${title}”.` } }),
  );

  const pair = kind.sideBySide;
  const groups = useMemo(() => {
    const fields = form.fields;
    if (!pair?.every((name) => fields.some((f) => f.name === name))) return fields.map((f) => [f]);
    const result: (typeof fields)[] = [];
    for (const field of fields) {
      if (field.name === pair[1]) continue;
      result.push(field.name === pair[0] ? fields.filter((f) => pair.includes(f.name)) : [field]);
    }
    return result;
  }, [form.fields, pair]);

  if (item === 'missing') {
    return (
      <p className="status status--error" role="alert">
        There is no {kind.singular} {itemId}: it may have been deleted.{' '}
        <Link to={listPath}>Back to {kind.label}</Link>
      </p>
    );
  }
  if (!values) {
    return problems[''] ? (
      <p className="status status--error" role="alert">
        {problems['']}
      </p>
    ) : (
      <p className="status" role="status">
        Loading…
      </p>
    );
  }

  function change(name: string, value: string | boolean) {
    setValues((before) => ({ ...before, [name]: value }));
    setProblems(({ [name]: _, ...rest }) => rest);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    const { body, problems: unreadable } = formBody(form.fields, values);
    const parsed = form.schema.safeParse(body);
    const found = {
      ...(parsed.success ? {} : problemsByField(form.fields, parsed.error.issues)),
      ...unreadable,
    };
    if (Object.keys(found).length > 0) {
      setProblems(found);
      focusFirstProblem();
      return;
    }
    setBusy(true);
    setProblems({});
    try {
      const saved =
        itemId === undefined
          ? await callApiLazily(() => kind.calls().then((calls) => calls.create), { body })
          : await callApiLazily(() => kind.calls().then((calls) => calls.replace), {
              params: { id: String(itemId) },
              body,
            });
      const title = itemTitle(kind, saved as AdminItem);
      navigate(listPath, {
        state: { status: itemId === undefined ? `Created “${title}”.` : `Saved “${title}”.` },
      });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.fields) {
        setProblems(
          problemsByField(
            form.fields,
            Object.entries(error.fields).map(([path, message]) => ({ path, message })),
          ),
        );
        focusFirstProblem();
      } else {
        setProblems({ '': error instanceof Error ? error.message : 'Could not save. Please try again.' });
      }
    }
  }

  return (
    <>
      <form className="admin-form" onSubmit={save} noValidate>
        {problems[''] ? (
          <p className="status status--error" role="alert">
            {problems['']}
          </p>
        ) : null}
        {Object.keys(problems).some((name) => name !== '') ? (
          <p className="status status--error" role="alert">
            Please correct the fields marked below.
          </p>
        ) : null}
        {groups.map((group) =>
          group.length === 1 ? (
            <FieldControl
              key={group[0]!.name}
              field={group[0]!}
              values={values}
              problem={problems[group[0]!.name]}
              onChange={change}
            />
          ) : (
            <div className="admin-form__pair" key={group.map((f) => f.name).join('+')}>
              {group.map((field) => (
                <FieldControl
                  key={field.name}
                  field={field}
                  values={values}
                  problem={problems[field.name]}
                  onChange={change}
                />
              ))}
            </div>
          ),
        )}
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : itemId === undefined ? `Create ${kind.singular}` : 'Save changes'}
          </button>
          <Link className="button button--secondary" to={listPath}>
            Cancel
          </Link>
          {item ? (
            <button type="button" className="button admin-danger" onClick={() => deletion.ask(item)}>
              Delete {kind.singular}
            </button>
          ) : null}
        </div>
      </form>
      <DeleteDialog kind={kind} deletion={deletion} />
    </>
  );
}

/** After a refused save, the first field with a problem gets the focus (and is scrolled to). */
function focusFirstProblem() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('.admin-form [aria-invalid="true"]');
    first?.focus();
  });
}

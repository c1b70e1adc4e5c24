import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { zodWithoutEval } from '../../shared/zod-without-eval.ts';
import { type FormField, formFields } from './content-form.ts';
import type { AnyAdminCalls, ContentKind } from './content-kinds.ts';

export interface KindForm {
  calls: AnyAdminCalls;
  /** The input schema the API checks: the form checks the same before it sends. */
  schema: ZodType;
  fields: FormField[];
}

/**
 * A kind's admin calls and its form, derived from the input schema the API checks: loaded with the screen,
 * never with a public page (the console's JavaScript may carry zod).
 */
export function useKindForm(kind: ContentKind | undefined): { form?: KindForm; problem?: string } {
  const [state, setState] = useState<{ form?: KindForm; problem?: string }>({});
  useEffect(() => {
    if (!kind) return;
    let current = true;
    setState({});
    zodWithoutEval();
    (async () => {
      const [calls, { z }] = await Promise.all([kind.calls(), import('zod')]);
      const schema = calls.create.body;
      if (!schema) throw new Error(`${kind.label}: the create call has no body schema`);
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
      return { calls, schema, fields: formFields(kind, json as Parameters<typeof formFields>[1]) };
    })().then(
      (form) => current && setState({ form }),
      () =>
        current && setState({ problem: 'The console could not load this screen. Please reload the page.' }),
    );
    return () => {
      current = false;
    };
  }, [kind]);
  return state;
}

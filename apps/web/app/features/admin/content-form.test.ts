import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FormField, formBody, formFields, formValues, problemsByField } from './content-form.ts';
import { contentKindNames } from './content-kind-names.ts';
import { contentKinds } from './content-kinds.ts';

async function formOf(key: string) {
  const kind = contentKinds.find((k) => k.key === key)!;
  const calls = await kind.calls();
  const schema = calls.create.body!;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Parameters<
    typeof formFields
  >[1];
  return { kind, schema, json, fields: formFields(kind, json) };
}

describe("the console's content forms", () => {
  it('have a name line and a form for every kind, and leave out no field the API requires', async () => {
    expect(contentKinds.map((kind) => kind.key)).toEqual(contentKindNames.map((name) => name.key));
    for (const kind of contentKinds) {
      const { json, fields } = await formOf(kind.key);
      const shown = fields.map((field) => field.name);
      for (const required of json.required ?? [])
        expect(shown, `${kind.key}.${required}`).toContain(required);
      for (const hidden of kind.hidden ?? []) expect(shown, kind.key).not.toContain(hidden);
      for (const field of Object.keys(kind.fields ?? {})) {
        if (!(kind.hidden ?? []).includes(field)) expect(shown, `${kind.key}: ${field}`).toContain(field);
      }
    }
  });

  it("edit a post's bodies with the Markdown editor, side by side, and send what the API accepts", async () => {
    const { fields, schema, kind } = await formOf('posts');
    const editor = (name: string) => fields.find((field) => field.name === name)?.editor;
    expect(editor('content')).toBe('markdown');
    expect(editor('hindi')).toBe('markdown');
    expect(editor('contentArray')).toBe('json');
    expect(kind.sideBySide).toEqual(['content', 'hindi']);
    const stored = {
      id: 7,
      title: 'A post',
      createdAt: '2026-11-27',
      content: 'Body',
      imgf: false,
      author: 'Desk',
    };
    const { body, problems } = formBody(fields, formValues(fields, stored));
    expect(problems).toEqual({});
    expect(body).toEqual({ title: 'A post', createdAt: '2026-11-27', content: 'Body', author: 'Desk' });
    expect(schema.safeParse(body).success).toBe(true);
  });

  it('turn lines, numbers and JSON into their values, and say which field cannot be read', async () => {
    const { fields, schema } = await formOf('quiz-questions');
    const values = {
      ...formValues(fields, undefined),
      topic: 'strings',
      text: 'Which removes spaces at both ends?',
      options: 'strip()\n\n trimAll() ',
      correctAnswer: 'A',
      description: 'strip() removes leading and trailing white space.',
      verify: '{ not json',
    };
    const { body, problems } = formBody(fields, values);
    expect(body.options).toEqual(['strip()', 'trimAll()']);
    expect(problems).toEqual({ verify: expect.stringContaining('not valid JSON') });
    const { body: fixed } = formBody(fields, { ...values, verify: '' });
    expect(schema.safeParse(fixed).success).toBe(true);
  });

  it("put each problem beside its field, the schema's and the server's alike", async () => {
    const { fields, schema } = await formOf('holidays');
    const parsed = schema.safeParse({ date: '2026-02-30', occasion: '', description: 'x' });
    expect(parsed.success).toBe(false);
    const problems = problemsByField(fields, parsed.error!.issues);
    expect(problems.date).toMatch(/not a real date/);
    expect(problems.occasion).toBe('The occasion is required.');
    const server = problemsByField(fields as FormField[], [
      { path: 'date', message: 'Taken.' },
      { path: 'elsewhere.1', message: 'Not a field of the form.' },
    ]);
    expect(server).toEqual({ date: 'Taken.', '': 'Not a field of the form.' });
  });

  it('edit a NIFTY lot-size row with its basis and weekday in words, its circular required', async () => {
    const { fields, schema } = await formOf('nifty-lot-sizes');
    expect(fields.map((field) => [field.name, field.label, field.required])).toEqual([
      ['from', 'From date', true],
      ['basis', 'Applies to', true],
      ['lotSize', 'Lot size', true],
      ['circular', 'Circular', true],
      ['until', 'Until', false],
    ]);
    const basis = fields.find((field) => field.name === 'basis')!;
    expect(basis.editor).toBe('select');
    expect(basis.options).toEqual(['traded', 'expiring', 'listed']);
    expect(basis.optionLabels?.traded).toBe('Every contract traded from the date');
    const values = {
      ...formValues(fields, undefined, { basis: 'expiring' }),
      from: '2027-01-01',
      lotSize: '70',
      circular: 'NSE/FAOP/99999 (1 December 2026)',
    };
    const { body, problems } = formBody(fields, values);
    expect(problems).toEqual({});
    expect(body).toEqual({
      from: '2027-01-01',
      basis: 'expiring',
      lotSize: 70,
      circular: 'NSE/FAOP/99999 (1 December 2026)',
    });
    expect(schema.safeParse(body).success).toBe(true);
    const refused = schema.safeParse({ ...body, circular: '', lotSize: 0 });
    expect(problemsByField(fields, refused.error!.issues)).toEqual({
      circular: 'Circular is required: name the NSE circular the row comes from.',
      lotSize: 'Lot size must be at least 1.',
    });

    const weekdays = await formOf('nifty-expiry-weekdays');
    const weekday = weekdays.fields.find((field) => field.name === 'weekday')!;
    expect(weekday.editor).toBe('select');
    expect(weekday.options?.map((option) => weekday.optionLabels?.[option])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ]);
  });
});

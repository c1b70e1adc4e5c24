import type { AdminItem, ContentKind, FieldEditor } from './content-kinds.ts';

/** What the console knows of one field of a kind's input: from its JSON Schema, refined by the kind. */
export interface FormField {
  name: string;
  label: string;
  help?: string | undefined;
  required: boolean;
  editor: FieldEditor | 'number' | 'number-or-text' | 'checkbox' | 'select';
  options?: readonly string[];
  /** What the select shows for each option (the option itself when absent). */
  optionLabels?: Readonly<Record<string, string>>;
  maxLength?: number | undefined;
}

/** A form's values: text for every control but checkboxes. */
export type FormValues = Record<string, string | boolean>;

interface JsonSchemaNode {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchemaNode[];
  items?: JsonSchemaNode;
  maxLength?: number;
  pattern?: string;
  description?: string;
}

const labelOf = (name: string) => {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

function editorOf(node: JsonSchemaNode): Pick<FormField, 'editor' | 'options'> {
  if (Array.isArray(node.enum) && node.enum.every((value) => typeof value === 'string')) {
    return { editor: 'select', options: node.enum as string[] };
  }
  const types = node.anyOf ? node.anyOf.map((option) => option.type) : [node.type];
  if (node.anyOf && types.every((type) => type === 'string' || type === 'number' || type === 'integer')) {
    return { editor: 'number-or-text' };
  }
  switch (node.type) {
    case 'boolean':
      return { editor: 'checkbox' };
    case 'integer':
    case 'number':
      return { editor: 'number' };
    case 'string':
      // A long text without a pattern (a URL or a path has one) is written on several lines.
      return { editor: !node.pattern && (node.maxLength ?? 0) > 600 ? 'textarea' : 'text' };
    case 'array':
      return { editor: node.items?.type === 'string' && !node.items.enum ? 'lines' : 'json' };
    default:
      return { editor: 'json' };
  }
}

/**
 * The form of a kind, from its input's JSON Schema (`z.toJSONSchema(schema, { io: 'input' })`): every
 * property but the hidden ones, the kind's order first, each with the editor its type calls for unless the
 * kind names another.
 */
export function formFields(
  kind: ContentKind,
  schema: { properties?: Record<string, JsonSchemaNode>; required?: string[] },
): FormField[] {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const hidden = new Set(kind.hidden ?? []);
  const names = [
    ...(kind.order ?? []).filter((name) => name in properties),
    ...Object.keys(properties).filter((name) => !(kind.order ?? []).includes(name)),
  ].filter((name) => !hidden.has(name));
  return names.map((name) => {
    const node = properties[name]!;
    const override = kind.fields?.[name] ?? {};
    const derived = editorOf(node);
    return {
      name,
      label: override.label ?? labelOf(name),
      help: override.help ?? node.description,
      required: required.has(name),
      ...derived,
      ...(override.editor ? { editor: override.editor } : {}),
      ...(override.optionLabels ? { optionLabels: override.optionLabels } : {}),
      maxLength: node.maxLength,
    };
  });
}

/** The form's values for an item (a new one: empty, with the kind's defaults). */
export function formValues(
  fields: readonly FormField[],
  item: AdminItem | undefined,
  defaults: FormValues = {},
) {
  const values: FormValues = {};
  for (const field of fields) {
    const value = item ? item[field.name] : defaults[field.name];
    if (field.editor === 'checkbox') values[field.name] = value === true;
    else if (value === undefined || value === null) values[field.name] = '';
    else if (field.editor === 'lines' && Array.isArray(value)) values[field.name] = value.join('\n');
    else if (typeof value === 'object') values[field.name] = JSON.stringify(value, null, 2);
    else values[field.name] = String(value);
  }
  return values;
}

/**
 * The body the API takes from the form's values: an empty optional field is left out, numbers become
 * numbers, lines a list, JSON its value. What cannot be read (JSON with a mistake) is a problem of its field.
 */
export function formBody(
  fields: readonly FormField[],
  values: FormValues,
): { body: Record<string, unknown>; problems: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.editor === 'checkbox') {
      if (value === true || field.required) body[field.name] = value === true;
      continue;
    }
    const textValue = typeof value === 'string' ? value : '';
    if (textValue.trim() === '' && !field.required) continue;
    switch (field.editor) {
      case 'number':
        body[field.name] = textValue.trim() === '' ? undefined : Number(textValue.trim());
        if (Number.isNaN(body[field.name])) problems[field.name] = `${field.label} must be a number.`;
        break;
      case 'number-or-text': {
        const trimmed = textValue.trim();
        body[field.name] = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
        break;
      }
      case 'lines':
        body[field.name] = textValue
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '');
        break;
      case 'json':
        try {
          body[field.name] = JSON.parse(textValue);
        } catch {
          problems[field.name] = `${field.label} is not valid JSON: check its brackets, commas and quotes.`;
        }
        break;
      default:
        body[field.name] = textValue;
    }
  }
  return { body, problems };
}

/**
 * Problems by field from a schema's issues (or the server's `fields`, keyed 'options.1'): each field's
 * first, under the field's own name; what belongs to no field of the form under ''.
 */
export function problemsByField(
  fields: readonly FormField[],
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
): Record<string, string> {
  const names = new Set(fields.map((field) => field.name));
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    const name = first !== undefined && names.has(String(first)) ? String(first) : '';
    problems[name] ??= issue.message;
  }
  return problems;
}

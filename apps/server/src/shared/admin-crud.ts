import type { AdminCrudCalls } from '@hurryup/contracts/admin-crud';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { itemLabel } from './admin-activity.ts';
import { registerCall } from './register-call.ts';
import './site-registry.ts';

interface CrudService<Input, Output> {
  /** Every item as the operator edits it, drafts and expired ones too. */
  list(): Promise<Output[]>;
  create(input: Input): Promise<Output>;
  update(id: number, input: Input): Promise<Output>;
  delete(id: number): Promise<void>;
}

/**
 * Registers a feature's admin calls behind the admin gate (token or console session and admin rate limits,
 * shared by every admin route: shared/admin-auth.ts). Without ADMIN_TOKEN the admin API does not exist:
 * nothing is registered, so its paths are the API's 404 and absent from the OpenAPI document.
 *
 * A call here that changes something records it with `app.adminActivity.record(request, change, tx?)`
 * (shared/admin-activity.ts), in the change's transaction when it has one.
 */
export async function registerAdminCalls(
  app: FastifyInstance,
  adminToken: string | undefined,
  register: (admin: FastifyInstance) => void,
) {
  if (!adminToken) return;
  await app.register(async (admin) => {
    admin.adminGate.guard(admin);
    register(admin);
  });
}

/** The key the admin calls address an item by: `entryId` where the kind has one (news items), else `id`. */
function keyOf(item: unknown): number | undefined {
  const record = item as { id?: unknown; entryId?: unknown };
  const key = record.entryId ?? record.id;
  return typeof key === 'number' ? key : undefined;
}

/** Whether any text or number of the item contains `needle` (lower case). */
function matches(item: unknown, needle: string): boolean {
  if (typeof item === 'string') return item.toLowerCase().includes(needle);
  if (typeof item === 'number') return String(item) === needle;
  if (Array.isArray(item)) return item.some((value) => matches(value, needle));
  if (typeof item === 'object' && item !== null)
    return Object.values(item).some((value) => matches(value, needle));
  return false;
}

/**
 * Registers the operator's list / create / replace / delete calls for one kind of content, behind the admin
 * gate (registerAdminCalls). Every successful write moves the revision of `kind` (the feature's name for
 * this content, e.g. 'blogs') before it is answered, so the next request anywhere for a page or answer that
 * shows it gets it fresh, and nothing else is rendered anew; and it is recorded in the activity log with who
 * made it (the operator's email or 'token'). The list is the console's: newest (highest key) first, kept to
 * what contains the search text (or the one item with `id`), one page of it.
 */
export async function registerAdminCrud<Input extends z.ZodType, Output extends z.ZodType>(
  app: FastifyInstance,
  adminToken: string | undefined,
  calls: AdminCrudCalls<Input, Output>,
  service: CrudService<z.output<Input>, z.input<Output>>,
  kind: string,
  /**
   * `activityKind`: the name of its writes in the activity log when several kinds move one revision (the
   * NIFTY contract rules and the market events all move 'market'); `kind` when absent.
   */
  options: { activityKind?: string } = {},
) {
  const site = app.site;
  const logged = options.activityKind ?? kind;
  const activity = app.adminActivity;
  async function changed<T>(written: T): Promise<T> {
    await site.contentChanged([kind]);
    return written;
  }
  const label = (item: unknown, id: number | undefined) =>
    itemLabel(item, id === undefined ? logged : `#${id}`);
  await registerAdminCalls(app, adminToken, (admin) => {
    registerCall(admin, calls.list, async ({ query }) => {
      const needle = query.q.trim().toLowerCase();
      const all = (await service.list()).filter(
        (item) =>
          (query.id === undefined || keyOf(item) === query.id) && (needle === '' || matches(item, needle)),
      );
      all.sort((a, b) => (keyOf(b) ?? 0) - (keyOf(a) ?? 0));
      return { items: all.slice(query.offset, query.offset + query.limit), total: all.length };
    });
    registerCall(admin, calls.create, async ({ body }, request) => {
      const created = await service.create(body as z.output<Input>);
      const id = keyOf(created);
      await activity.record(request, {
        kind: logged,
        itemId: id,
        item: label(created, id),
        action: 'create',
      });
      return changed(created);
    });
    registerCall(admin, calls.replace, async ({ params, body }, request) => {
      const updated = await service.update(params.id, body as z.output<Input>);
      await activity.record(request, {
        kind: logged,
        itemId: params.id,
        item: label(updated, params.id),
        action: 'update',
      });
      return changed(updated);
    });
    registerCall(admin, calls.delete, async ({ params }, request) => {
      // Its name, for the log: the entry outlives the item.
      const before = (await service.list()).find((item) => keyOf(item) === params.id);
      await service.delete(params.id);
      await activity.record(request, {
        kind: logged,
        itemId: params.id,
        item: label(before, params.id),
        action: 'delete',
      });
      return changed(null);
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { contentFolder, importContent, importProblems } from '../../../test/content-folder.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const folders: (() => void)[] = [];
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
});
afterAll(async () => {
  await t.close();
  for (const remove of folders) remove();
});

const image = (over: Record<string, unknown> = {}) => ({
  category: 'java',
  url: '/content/images/devbit/java/records.png',
  alt: 'Java code declaring a record',
  width: 1200,
  height: 675,
  ...over,
});

const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  payload === undefined
    ? t.app.inject({ method, url, headers: adminHeaders })
    : t.app.inject({ method, url, headers: adminHeaders, payload });

function devbitFile(json: unknown): string {
  const folder = contentFolder({ 'gallery/devbit.json': json });
  folders.push(folder.remove);
  return folder.root;
}

describe('DevBit gallery', () => {
  it('starts empty', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/imgsDev' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('imports gallery/devbit.json keyed by category, grouped A to Z, and again changes nothing', async () => {
    const folder = devbitFile({
      linux: [
        image({ category: undefined, id: 3, url: '/content/images/devbit/linux/grep.png', alt: 'grep -rn' }),
      ],
      java: [
        image({ category: undefined, id: 2, url: '/content/images/devbit/java/switch.png', alt: 'A switch' }),
        image({ category: undefined, id: 1 }),
      ],
    });
    expect(await importContent(t, folder)).toMatchObject({
      'gallery/devbit.json': { created: 3, updated: 0 },
    });
    const first = (await t.app.inject({ method: 'GET', url: '/api/imgsDev' })).json();
    expect(Object.keys(first)).toEqual(['java', 'linux']);
    expect(first.java.map((i: { id: number }) => i.id)).toEqual([1, 2]);
    expect(first.java[0]).toEqual({
      id: 1,
      url: '/content/images/devbit/java/records.png',
      alt: 'Java code declaring a record',
      width: 1200,
      height: 675,
    });
    expect(await importContent(t, folder)).toMatchObject({
      'gallery/devbit.json': { created: 0, updated: 3 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/imgsDev' })).json()).toEqual(first);
    expect(await t.app.site.knownImage('/content/images/devbit/linux/grep.png')).toMatchObject({
      pagePath: '/devbit/%2Fcontent%2Fimages%2Fdevbit%2Flinux%2Fgrep.png',
      width: 1200,
    });
  });

  it('reports bad files as file: field: message and imports nothing', async () => {
    const folder = devbitFile({
      java: [image({ category: undefined, id: 9, url: 'javascript:alert(1)' })],
      'Bad Category!': [image({ category: undefined, id: 10, url: '/content/images/devbit/x.png' })],
      git: [image({ category: undefined, id: 11, url: '/content/images/devbit/y.png', width: 0 })],
    });
    const lines = await importProblems(t, folder);
    expect(lines).toEqual(
      expect.arrayContaining([
        // The line each picture starts on in the file (written one field a line).
        'gallery/devbit.json:3: url: Must be a site image path like /content/images/gallery/x.png or an https URL.',
        expect.stringMatching(/^gallery\/devbit\.json:12: category: The category must be/),
        'gallery/devbit.json:21: width: width must be at least 1 pixel.',
      ]),
    );
    expect(Object.keys((await t.app.inject({ method: 'GET', url: '/api/imgsDev' })).json())).toEqual([
      'java',
      'linux',
    ]);
    const notAnObject = devbitFile([image()]);
    expect(await importProblems(t, notAnObject)).toEqual([
      'gallery/devbit.json: file: must be an object keyed by category, each value a list of images',
    ]);
  });

  it('is managed by the operator: create, replace, delete, with readable refusals', async () => {
    const created = await admin(
      'POST',
      '/api/admin/devbit-images',
      image({ category: ' Git ', url: '/content/images/devbit/git/stash.png' }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ category: 'git', url: '/content/images/devbit/git/stash.png' });
    const id = created.json().id;
    expect(id).toBeGreaterThan(3);

    const clash = await admin('POST', '/api/admin/devbit-images', image());
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'CONFLICT',
      error: 'Another DevBit image already has this URL.',
    });

    const replaced = await admin(
      'PUT',
      `/api/admin/devbit-images/${id}`,
      image({ category: 'git', url: '/content/images/devbit/git/stash.png', alt: 'git stash push -m' }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().alt).toBe('git stash push -m');

    for (const [payload, field] of [
      [{ ...image(), width: 'wide' }, 'width'],
      [{ ...image(), url: '/content/images/../secret.png' }, 'url'],
      [{ ...image(), alt: '' }, 'alt'],
      [{ ...image(), extra: 1 }, undefined],
    ] as const) {
      const res = await admin('POST', '/api/admin/devbit-images', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      if (field) expect(Object.keys(res.json().fields)).toContain(field);
    }
    const flat = (await t.app.inject({ method: 'GET', url: '/api/devbit-images' })).json();
    expect(flat.find((i: { id: number }) => i.id === id)).toEqual(replaced.json());
    expect(flat.map((i: { id: number }) => i.id)).toEqual(
      [...flat.map((i: { id: number }) => i.id)].sort((a, b) => a - b),
    );
    expect((await admin('DELETE', `/api/admin/devbit-images/${id}`)).statusCode).toBe(204);
    expect((await admin('DELETE', `/api/admin/devbit-images/${id}`)).statusCode).toBe(404);
    const unauthorised = await t.app.inject({
      method: 'POST',
      url: '/api/admin/devbit-images',
      payload: image(),
    });
    expect(unauthorised.statusCode).toBe(401);
  });
});

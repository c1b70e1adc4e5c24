import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { contentFolder, importContent, importProblems } from '../../../test/content-folder.ts';
import { repositoryContent } from '../../../test/java/seed-questions.ts';
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

const get = async (url: string) => t.app.inject({ method: 'GET', url });

function quizFile(name: string, text: string): string {
  const folder = contentFolder({ [`quiz/${name}`]: text });
  folders.push(folder.remove);
  return folder.root;
}

const question = {
  topic: 'strings',
  text: 'Which method removes white space at both ends?',
  options: ['strip()', 'trimAll()'],
  correctAnswer: ['A'],
  description: 'strip() removes leading and trailing white space.',
};

describe('the Java 17 quiz', () => {
  it('answers an empty bank before any import', async () => {
    const res = await get('/api/mcq');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ questions: [], total: 0 });
  });

  it("imports the repository's question files, and again changes nothing", async () => {
    const first = await importContent(t, repositoryContent);
    expect(first.quiz!.created).toBeGreaterThanOrEqual(150);
    expect(first.quiz!.updated).toBe(0);
    const all = (await get('/api/mcq')).json();
    expect(all.total).toBe(first.quiz!.created);
    expect(all.questions).toHaveLength(all.total);
    // The exam's order: objectives as listed, ids within one.
    expect(all.questions[0]).toMatchObject({ id: 101, topic: 'basics' });
    expect(all.questions.at(-1).topic).toBe('localisation');
    const withCode = all.questions.find((q: { id: number }) => q.id === 201);
    expect(withCode).toEqual({
      id: 201,
      topic: 'operators',
      text: 'What does this code print?',
      code: 'int x = 5;\nint y = x++ + ++x;\nSystem.out.println(x + " " + y);',
      options: ['A. 7 11', 'B. 6 11', 'C. 7 13', 'D. 7 12'],
      correctAnswer: ['D'],
      description: expect.stringContaining('x++ yields 5'),
    });
    // How a question is verified is the operator's business.
    expect(JSON.stringify(all.questions)).not.toContain('verify');
    expect(all.questions.find((q: { id: number }) => q.id === 104)).not.toHaveProperty('code');

    const again = await importContent(t, repositoryContent);
    expect(again.quiz).toEqual({ created: 0, updated: first.quiz!.created });
    expect((await get('/api/mcq')).json()).toEqual(all);
  });

  it('filters by objective and pages', async () => {
    const records = (await get('/api/mcq?topic=records')).json();
    expect(records.total).toBeGreaterThanOrEqual(8);
    expect(records.questions.every((q: { topic: string }) => q.topic === 'records')).toBe(true);
    const page = (await get('/api/mcq?topic=records&limit=3&offset=2')).json();
    expect(page.total).toBe(records.total);
    expect(page.questions).toEqual(records.questions.slice(2, 5));
    expect((await get('/api/mcq?topic=records&offset=500')).json()).toEqual({
      questions: [],
      total: records.total,
    });
  });

  it('refuses bad queries with a 400 that names the field', async () => {
    for (const [query, field] of [
      ['topic=cobol', 'topic'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['offset=-1', 'offset'],
      ['limit=1e3', 'limit'],
    ] as const) {
      const res = await get(`/api/mcq?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().fields ?? {}), query).toContain(field);
    }
    expect((await get('/api/mcq?page=2')).statusCode).toBe(400);
  });

  it('refuses, with file and item, an answer naming no option, a question without options, and code without a verification', async () => {
    const folder = quizFile(
      'bad.md',
      [
        '---',
        'topic: strings',
        'questions:',
        '  - text: Which is right?',
        '    options: [one, two, three]',
        '    correctAnswer: [A, E]',
        '    description: Because.',
        '  - text: No options at all?',
        '    options: []',
        '    correctAnswer: [A]',
        '    description: Because.',
        '  - text: What does it print?',
        '    code: System.out.println(1);',
        '    options: ["1", "2"]',
        '    correctAnswer: [A]',
        '    description: It prints 1.',
        '  - text: Lettered wrongly?',
        '    options: ["B. first", "A. second"]',
        '    correctAnswer: [A]',
        '    description: Because.',
        '---',
      ].join('\n'),
    );
    expect(await importProblems(t, folder)).toEqual([
      'quiz/bad.md:4: correctAnswer.1: Answer E names no option: the question has 3 option(s), A to C.',
      'quiz/bad.md:8: options: A question needs at least two options.',
      "quiz/bad.md:12: verify: A question with code must say how it is verified (verify.expect; 'not-run' with a reason).",
      'quiz/bad.md:17: options.0: Option A starts with the letter B.',
      'quiz/bad.md:17: options.1: Option B starts with the letter A.',
    ]);
    expect(await importProblems(t, quizFile('list.md', '---\ntopic: strings\n---\n'))).toEqual([
      'quiz/list.md: file: questions must be a list of questions',
    ]);
  });

  it('is managed by the operator, and answers change at once', async () => {
    const before = (await get('/api/mcq?topic=strings')).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/quiz-questions',
      headers: adminHeaders,
      payload: question,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ topic: 'strings', options: ['A. strip()', 'B. trimAll()'] });
    const id = created.json().id;
    const after = (await get('/api/mcq?topic=strings')).json();
    expect(after.total).toBe(before.total + 1);
    expect(after.questions.at(-1).id).toBe(id);

    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/quiz-questions/${id}`,
      headers: adminHeaders,
      payload: { ...question, correctAnswer: ['A', 'B'], options: ['strip()', 'trim()'] },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().correctAnswer).toEqual(['A', 'B']);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/quiz-questions',
      headers: adminHeaders,
      payload: { ...question, correctAnswer: ['C'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty(['correctAnswer.0']);

    const del = (n: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/quiz-questions/${n}`, headers: adminHeaders });
    expect((await del(id)).statusCode).toBe(204);
    expect((await del(id)).statusCode).toBe(404);
    expect((await get('/api/mcq?topic=strings')).json()).toEqual(before);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/quiz-questions',
      payload: question,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

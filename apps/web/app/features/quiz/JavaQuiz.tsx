import type { QuizQuestion } from '@hurryup/contracts/quiz';
import {
  isAnswerCorrect,
  type QuizTopic,
  quizAutoAdvanceMs,
  quizPagePath,
  quizPrefetchAhead,
  quizTexts,
  quizTopics,
} from '@hurryup/contracts/quiz-rules';
import { useEffect, useId, useState } from 'react';
import { useEnglishSpeech } from '../../shared/use-english-speech.ts';
import { highlightJava } from './highlight-java.ts';
import { readProgress, saveProgress } from './quiz-progress.ts';
import { shuffleOptions, useOptionSeed } from './shuffle-options.ts';
import { useAutoAdvance } from './use-auto-advance.ts';
import { useQuestionPages } from './use-question-pages.ts';
import { useReadAloud } from './use-read-aloud.ts';

export interface JavaQuizProps {
  /** The first questions (all of them when `total` is absent). */
  questions: QuizQuestion[];
  /** How many questions the quiz has; the ones after `questions` are fetched as the visitor goes on. */
  total?: number;
  topic: QuizTopic | undefined;
  /** Set when the questions could not be read. */
  error?: string | undefined;
}

function JavaCode({ code }: { code: string }) {
  return (
    <pre className="quiz__code">
      <code>
        {highlightJava(code).map((token, i) =>
          token.kind === 'plain' ? (
            token.text
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one code block never move
            <span key={i} className={`quiz__${token.kind}`}>
              {token.text}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}

function TopicChoice({ topic }: { topic: QuizTopic | undefined }) {
  const id = useId();
  return (
    <form className="quiz__topics" method="get" action={quizPagePath}>
      <label htmlFor={id}>Exam objective</label>
      <select id={id} name="topic" className="quiz__topic-select" defaultValue={topic ?? ''}>
        <option value="">All objectives</option>
        {quizTopics.map((t) => (
          <option key={t.slug} value={t.slug}>
            {t.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        Show
      </button>
    </form>
  );
}

/** The Java 17 certification practice quiz (specification: quiz screen, sections 4, 5, 8 and 9). */
export function JavaQuiz({ questions, total: declaredTotal, topic, error }: JavaQuizProps) {
  const total = Math.max(declaredTotal ?? questions.length, questions.length);
  const pages = useQuestionPages(questions, total, topic);
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [result, setResult] = useState<'correct' | 'incorrect' | undefined>();
  const [score, setScore] = useState({ correct: 0, answered: 0 });
  const [restored, setRestored] = useState(false);
  const question = pages.known[index];
  const last = index >= total - 1;
  const { find, load, loadedUntil } = pages;

  // The server renders the first question; the browser then resumes where this visitor was, fetching the
  // pages up to that question when it is not among the first ones.
  useEffect(() => {
    let cancelled = false;
    const resume = (at: number, progress: ReturnType<typeof readProgress>) => {
      if (progress && at >= 0) {
        setIndex(at);
        setScore({ correct: progress.correct, answered: progress.answered });
      }
      setRestored(true);
    };
    const progress = readProgress(topic);
    const at = progress ? questions.findIndex((q) => q.id === progress.questionId) : -1;
    if (!progress || at >= 0 || total <= questions.length) resume(at, progress);
    else
      find(progress.questionId).then(
        (found) => !cancelled && resume(found, progress),
        () => !cancelled && resume(-1, progress),
      );
    return () => {
      cancelled = true;
    };
  }, [questions, topic, total, find]);

  useEffect(() => {
    if (restored && question) saveProgress(topic, { questionId: question.id, ...score });
  }, [restored, question, score, topic]);

  // The next questions are fetched a few before the visitor reaches them.
  useEffect(() => {
    if (!restored) return;
    if (question === undefined) load(index);
    else if (index + quizPrefetchAhead >= loadedUntil) load(loadedUntil);
  }, [restored, question, index, loadedUntil, load]);

  const optionSeed = useOptionSeed();
  useReadAloud(restored ? question?.text : undefined, question?.id);
  const readAgain = useEnglishSpeech(question?.text ?? '');

  function next() {
    if (last) return;
    setIndex((i) => i + 1);
    setSelected([]);
    setResult(undefined);
  }
  useAutoAdvance(question?.id, next, quizAutoAdvanceMs, restored && !last && question !== undefined);

  if (error || total === 0) {
    return (
      <section className="quiz">
        <h1>Java 17 Certification Practice</h1>
        <TopicChoice topic={topic} />
        <p role="alert" className="quiz__error">
          {error ?? quizTexts.unavailable}
        </p>
      </section>
    );
  }

  if (!question) {
    return (
      <section className="quiz">
        <h1>Java 17 Certification Practice</h1>
        <TopicChoice topic={topic} />
        <p className="quiz__progress">
          Question {index + 1} of {total}
        </p>
        {pages.failed ? (
          <>
            <p role="alert" className="quiz__error">
              {quizTexts.unavailable}
            </p>
            <button type="button" className="button" onClick={() => load(index)}>
              Try again
            </button>
          </>
        ) : (
          <p role="status">{quizTexts.loading}</p>
        )}
      </section>
    );
  }

  function check() {
    const correct = isAnswerCorrect(selected, question!.correctAnswer);
    setResult(correct ? 'correct' : 'incorrect');
    setScore((s) => ({ correct: s.correct + (correct ? 1 : 0), answered: s.answered + 1 }));
  }

  function toggle(option: string, on: boolean) {
    setSelected((now) => (on ? [...now, option] : now.filter((o) => o !== option)));
  }

  const checked = result !== undefined;
  return (
    <section className="quiz">
      <h1>Java 17 Certification Practice</h1>
      <TopicChoice topic={topic} />
      <p className="quiz__progress">
        <span>
          Question {index + 1} of {total}
        </span>{' '}
        <span className="quiz__score">
          Score: {score.correct} / {score.answered}
        </span>
      </p>
      <fieldset className="quiz__question" key={question.id}>
        <legend className="quiz__text">{question.text}</legend>
        {question.code !== undefined && <JavaCode code={question.code} />}
        <ul className="quiz__options">
          {shuffleOptions(question.options, optionSeed, question.id).map(({ option, label }) => (
            <li key={option}>
              <label>
                <input
                  type="checkbox"
                  checked={selected.includes(option)}
                  disabled={checked}
                  onChange={(event) => toggle(option, event.currentTarget.checked)}
                />{' '}
                {label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="quiz__actions">
        <button type="button" className="button" onClick={check} disabled={checked}>
          {quizTexts.check}
        </button>
        <button type="button" className="button button--secondary" onClick={next} disabled={last}>
          {quizTexts.next}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={readAgain.toggle}
          aria-pressed={readAgain.speaking}
        >
          {readAgain.speaking ? 'Stop reading' : 'Read question aloud'}
        </button>
      </div>
      <div role="status" className="quiz__feedback">
        {result === 'correct' && <p className="quiz__correct">{quizTexts.correct}</p>}
        {result === 'incorrect' && (
          <>
            <p className="quiz__incorrect">{quizTexts.incorrect}</p>
            <p className="quiz__description">{question.description}</p>
          </>
        )}
      </div>
      <p className="quiz__note">
        Code without a class runs inside <code>main</code>, with the usual imports (java.util and its
        subpackages, java.time, java.io, java.nio.file). Every answer that depends on what code does was
        checked by compiling and running it with Java 17.
      </p>
    </section>
  );
}

import type { QuizQuestion } from '@hurryup/contracts/quiz';
import {
  isQuizTopic,
  type QuizTopic,
  quizFirstPageSize,
  quizPagePath,
  quizTexts,
  quizTopics,
} from '@hurryup/contracts/quiz-rules';
import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { JavaQuiz } from '../features/quiz/JavaQuiz.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import { useReportedRouteError } from '../shared/route-failure.ts';
import type { Route } from './+types/testbank';

type QuizRouteData = {
  questions: QuizQuestion[];
  total: number;
  topic: QuizTopic | undefined;
  error?: string | undefined;
};

/** The same for every visitor (progress lives in the browser): served from the page cache per topic. */
export const handle = {
  cache: { shows: ['quiz'], query: ['topic'] },
  loadingText: quizTexts.loading,
} satisfies PageCacheHandle & PageLoadingHandle;

export async function loader(args: Route.LoaderArgs) {
  const requested = new URL(args.request.url).searchParams.get('topic');
  // An unknown objective shows them all rather than an empty quiz.
  const topic = isQuizTopic(requested) ? requested : undefined;
  try {
    // The first questions only: the quiz fetches the next ones from GET /api/mcq as the visitor goes on.
    const first = await pageData(args.context, 'quiz').page({ topic, limit: quizFirstPageSize, offset: 0 });
    const loaded: QuizRouteData = { questions: first.questions, total: first.total, topic };
    return loaded;
  } catch (error) {
    return loaderFailure<QuizRouteData>(args, error, 'Error reading the quiz questions', {
      questions: [],
      total: 0,
      topic,
      error: quizTexts.unavailable,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const topic = quizTopics.find((t) => t.slug === loaderData?.topic);
  return pageMeta(site, {
    title: topic ? `Java 17 Certification Quiz: ${topic.name}` : 'Java 17 Certification Practice Quiz',
    description:
      'Practice questions for the Java SE 17 Developer exam (1Z0-829), every code answer checked with Java 17, with explanations.',
    path: topic ? `${quizPagePath}?topic=${topic.slug}` : quizPagePath,
  });
};

export default function TestbankRoute({ loaderData }: Route.ComponentProps) {
  return (
    <JavaQuiz
      key={loaderData.topic ?? 'all'}
      questions={loaderData.questions}
      total={loaderData.total}
      topic={loaderData.topic}
      error={loaderData.error}
    />
  );
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  useReportedRouteError(quizTexts.unavailable);
  return <JavaQuiz questions={[]} topic={undefined} error={quizTexts.unavailable} />;
}

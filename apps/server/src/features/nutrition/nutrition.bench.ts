import { defineBenchSection } from '../../../../../scripts/bench/kit.ts';
import { createNutritionService } from './nutrition.service.ts';
import { loadIfctFoods } from './nutrition-foods.ts';
import { createMatcher } from './nutrition-matcher.ts';

const questions = [
  '2 rotis',
  '1 katori dal',
  '200 g paneer',
  '1 1/2 tbsp ghee',
  'half a roti',
  '2 cups rice',
  '3 idlis',
  '1 plate poha',
  '1 egg',
  '100 g toor dal',
];

/**
 * The nutrition checker without HTTP: how long the IFCT 2017 tables take to read (once, at the first
 * question), and how many questions a second the matcher and arithmetic answer once they are in memory.
 */
export async function benchNutrition() {
  const started = performance.now();
  const foods = await loadIfctFoods();
  const loadMs = performance.now() - started;
  const matcher = createMatcher(foods);
  console.log(
    `${'nutrition: IFCT 2017 tables read and indexed'.padEnd(44)} ${loadMs.toFixed(0).padStart(5)} ms (${matcher.counts.foods} foods, ${matcher.counts.aliases} alias names, ${matcher.counts.recipes} recipes, ${matcher.counts.hindiNames} IFCT Hindi names)`,
  );
  const service = createNutritionService(async () => matcher);
  for (const text of questions) await service.lookup(text);
  const seconds = Number(process.env.BENCH_SECONDS ?? 15);
  const until = performance.now() + seconds * 1000;
  let answered = 0;
  const timings: number[] = [];
  while (performance.now() < until) {
    const text = questions[answered % questions.length]!;
    const at = performance.now();
    await service.lookup(text);
    timings.push(performance.now() - at);
    answered += 1;
  }
  timings.sort((a, b) => a - b);
  const p = (q: number) =>
    (timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]! * 1000).toFixed(0);
  console.log(
    `${'nutrition: questions answered (in memory)'.padEnd(44)} ${Math.round(answered / seconds)
      .toString()
      .padStart(5)} per second; p50 ${p(0.5)} µs, p99 ${p(0.99)} µs`,
  );
}

export default defineBenchSection({
  name: 'nutrition',
  title: 'nutrition lookups (IFCT 2017)',
  run: () => benchNutrition(),
});

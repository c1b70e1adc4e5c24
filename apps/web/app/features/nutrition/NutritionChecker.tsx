import type { NutritionAnswer, ParsedFood } from '@hurryup/contracts/nutrition';
import {
  nutrientCodes,
  nutritionMessages,
  nutritionPagePath,
  nutritionTextError,
  nutritionTextMaxLength,
  nutritionTexts,
} from '@hurryup/contracts/nutrition-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';

type Result =
  | { kind: 'found'; food: ParsedFood; text: string }
  | { kind: 'failed'; message: string }
  | undefined;

/**
 * What a failed question says: the server's own message for input it refuses (400, 429), and the
 * specification's 'No nutrition data found' for any other answer that is not OK (section 8).
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429)) {
    return error.fields?.ingr ?? error.message;
  }
  return nutritionMessages.notFound;
}

const number = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const format = (value: number) => number.format(value);

function measureText(food: ParsedFood): string {
  if (food.measure === 'gram') return `${format(food.weight)} g`;
  const plural = food.quantity === 1 ? food.measure : `${food.measure}s`;
  const measure = food.measure === 'glass' && food.quantity !== 1 ? 'glasses' : plural;
  return `${format(food.quantity)} ${measure} = ${format(food.weight)} g`;
}

/**
 * The nutrition checker (tools-and-trading.md "Nutrition checker"): a food-item input and 'Get Nutrition';
 * until a result, 'Nutrition info will appear here.'. A result names the food or recipe matched and the
 * grams used, then energy (kcal), protein, fat, carbohydrate and iron with their quantities and units; a
 * recipe also lists its ingredients. The text is checked here first, with the server's messages.
 */
export function NutritionChecker() {
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<Result>(undefined);
  const [busy, setBusy] = useState(false);

  async function ask(value: string) {
    if (busy) return;
    const problem = nutritionTextError(value);
    setInputError(problem);
    if (problem) {
      setResult(undefined);
      return;
    }
    setBusy(true);
    try {
      const asked = value.trim();
      const answer: NutritionAnswer = await callApiLazily(
        () => import('@hurryup/contracts/nutrition').then((c) => c.getNutritionData),
        { query: { ingr: asked } },
      );
      const food = answer.ingredients[0]?.parsed[0];
      setResult(
        food ? { kind: 'found', food, text: asked } : { kind: 'failed', message: nutritionMessages.notFound },
      );
    } catch (error) {
      setResult({ kind: 'failed', message: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void ask(text);
  }

  // A form sent before the page's script started (or a shared link) arrives as /nutrition?ingr=…: the page
  // is the same cached one, and asks for it once it runs.
  const askedFromAddress = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page starts
  useEffect(() => {
    if (askedFromAddress.current) return;
    askedFromAddress.current = true;
    const given = new URLSearchParams(window.location.search).get('ingr');
    if (given === null) return;
    setText(given);
    void ask(given);
  }, []);

  return (
    <>
      <form className="nutrition-form" method="get" action={nutritionPagePath} onSubmit={submit} noValidate>
        <label htmlFor="nutrition-food">{nutritionTexts.label}</label>
        <div className="nutrition-form__row">
          <input
            id="nutrition-food"
            name="ingr"
            type="text"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={nutritionTexts.inputPlaceholder}
            maxLength={nutritionTextMaxLength + 20}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? 'nutrition-food-error' : undefined}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? nutritionTexts.busy : nutritionTexts.submit}
          </button>
        </div>
        {inputError ? (
          <p id="nutrition-food-error" className="nutrition-form__error">
            {inputError}
          </p>
        ) : null}
      </form>
      <section className="nutrition-result" aria-live="polite" aria-label="Nutrition result">
        {result === undefined ? (
          <p className="nutrition-result__placeholder">{nutritionTexts.placeholder}</p>
        ) : result.kind === 'failed' ? (
          <p className="status status--error">{result.message}</p>
        ) : (
          <NutritionFacts food={result.food} text={result.text} />
        )}
      </section>
    </>
  );
}

function NutritionFacts({ food, text }: { food: ParsedFood; text: string }) {
  return (
    <div className="nutrition-facts">
      <h2 className="nutrition-facts__food">{food.food}</h2>
      <p className="nutrition-facts__amount">
        For “{text}”: {measureText(food)}
        {food.source === 'recipe' ? ' (home recipe)' : ` (IFCT 2017 food ${food.foodId})`}
      </p>
      <dl className="nutrition-facts__list">
        {nutrientCodes.map((code) => {
          const nutrient = food.nutrients[code];
          return (
            <div key={code} className="nutrition-facts__row">
              <dt>{nutrient.label}</dt>
              <dd>
                {format(nutrient.quantity)} {nutrient.unit}
              </dd>
            </div>
          );
        })}
      </dl>
      {food.components.length > 0 ? (
        <>
          <h3 className="nutrition-facts__made">Made from (raw weight)</h3>
          <ul className="nutrition-facts__parts">
            {food.components.map((part) => (
              <li key={part.foodId}>
                {part.food}: {format(part.weight)} g
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

import { shortenerTexts } from '@hurryup/contracts/shortener-rules';
import { ShortenerForm } from './ShortenerForm.tsx';

/** /portUrl ('Portable URL', decisions.md section 1): the shortener's form and its result. */
export function ShortenerPage() {
  return (
    <section className="page page--tool shortener" aria-labelledby="shortener-heading">
      <h1 id="shortener-heading">{shortenerTexts.heading}</h1>
      <p>{shortenerTexts.intro}</p>
      <ShortenerForm />
    </section>
  );
}

import { Link } from 'react-router';

/** The closing section every legal page ends with. */
export function LegalContact({ about }: { about: string }) {
  return (
    <>
      <h2>Contact</h2>
      <p>
        Questions about {about} are welcome through our <Link to="/contact">contact page</Link>.
      </p>
    </>
  );
}

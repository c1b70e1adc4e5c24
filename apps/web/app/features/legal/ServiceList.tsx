/** The services the terms list (content-and-shell.md section 2, Static pages). */
export function ServiceList({ commentsNote = false }: { commentsNote?: boolean }) {
  return (
    <ul>
      <li>Tips and daily news</li>
      <li>
        {commentsNote
          ? 'Infographics and image galleries, where visitors can comment on images'
          : 'Infographics and image galleries'}
      </li>
      <li>Forums of posts you can read in English or Hindi, or listen to</li>
      <li>FAQs and quizzes</li>
      <li>Text-to-audio tool</li>
      <li>English-to-Hindi translation</li>
      <li>PDF-to-text conversion</li>
      <li>Image-to-text extraction</li>
      <li>Portable URL, our link shortener</li>
    </ul>
  );
}

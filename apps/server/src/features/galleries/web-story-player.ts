import type { WebStory } from '@hurryup/contracts/gallery';
import { webStoryPageSize, webStoryPath } from '@hurryup/contracts/gallery-pages';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const style = `
html,body{margin:0;height:100%;background:#000;color:#fff;font-family:system-ui,sans-serif}
.story{position:relative;max-width:calc(100vh * 9 / 16);margin:0 auto;height:100%}
.story__page{margin:0 0 1rem}
.story__page img{display:block;width:100%;height:auto}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.story__progress,.story__nav{display:none}
.js .story__page{position:absolute;inset:0;margin:0;display:none;align-items:center;justify-content:center}
.js .story__page[data-current]{display:flex}
.js .story__page img{max-height:100%;width:auto;max-width:100%}
.js .story__progress{display:flex;gap:4px;position:absolute;top:8px;left:8px;right:8px;z-index:2;margin:0;padding:0;list-style:none}
.story__progress li{flex:1;height:4px;border-radius:2px;background:rgba(255,255,255,.4);overflow:hidden}
.story__progress li[data-seen]{background:#fff}
.js .story__nav{display:block;position:absolute;top:0;bottom:0;width:50%;z-index:1;border:0;padding:0;margin:0;background:transparent;color:transparent;cursor:pointer}
.story__nav--previous{left:0}.story__nav--next{right:0}
.story__nav:focus-visible{outline:3px solid #f59e0b;outline-offset:-3px}
.story__end{position:absolute;bottom:1rem;left:0;right:0;text-align:center;z-index:3}
.story__end a{color:#fff;background:rgba(0,0,0,.6);padding:.5rem 1rem;border-radius:999px}
`;

// Tap or click the right half (or press →, Space, PageDown) for the next page, the left half (←, PageUp)
// for the previous one. Without script, every page shows one below the other.
const script = `
(function(){
  document.documentElement.classList.add('js');
  var pages=[].slice.call(document.querySelectorAll('.story__page'));
  var bars=[].slice.call(document.querySelectorAll('.story__progress li'));
  var status=document.getElementById('story-status');
  var end=document.getElementById('story-end');
  var current=0;
  function show(i){
    current=Math.max(0,Math.min(pages.length-1,i));
    pages.forEach(function(p,k){ if(k===current){p.setAttribute('data-current','');}else{p.removeAttribute('data-current');} });
    bars.forEach(function(b,k){ if(k<=current){b.setAttribute('data-seen','');}else{b.removeAttribute('data-seen');} });
    status.textContent='Page '+(current+1)+' of '+pages.length+': '+pages[current].getAttribute('data-heading');
    end.hidden=current!==pages.length-1;
    document.body.setAttribute('data-page',String(current+1));
  }
  document.getElementById('story-previous').addEventListener('click',function(){show(current-1);});
  document.getElementById('story-next').addEventListener('click',function(){show(current+1);});
  document.addEventListener('keydown',function(e){
    if(e.key==='ArrowRight'||e.key===' '||e.key==='PageDown'){e.preventDefault();show(current+1);}
    else if(e.key==='ArrowLeft'||e.key==='PageUp'){e.preventDefault();show(current-1);}
    else if(e.key==='Home'){show(0);} else if(e.key==='End'){show(pages.length-1);}
  });
  show(0);
})();
`;

/**
 * The tap-through player of one web story, a document of its own for the story page's iframe: full-screen
 * pages (the slides carry their heading and text; the same words are there for screen readers), a progress
 * bar and previous/next by tap and keyboard. No framework and no third-party runtime.
 */
export function webStoryPlayerHtml(
  story: WebStory,
  {
    nonce,
    siteName,
    baseUrl,
  }: { nonce: { script: string; style: string } | undefined; siteName: string; baseUrl: string },
): string {
  const n = (kind: 'script' | 'style') => (nonce ? ` nonce="${escapeHtml(nonce[kind])}"` : '');
  const pages = story.pages
    .map(
      (page, i) => `<figure class="story__page" data-heading="${escapeHtml(page.heading)}">
<img src="${escapeHtml(page.image)}" alt="${escapeHtml(page.alt)}" width="${webStoryPageSize.width}" height="${webStoryPageSize.height}"${i === 0 ? '' : ' loading="lazy"'}>
<figcaption class="visually-hidden"><strong>${escapeHtml(page.heading)}</strong> ${escapeHtml(page.text)}</figcaption>
</figure>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(story.title)} | ${escapeHtml(siteName)}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(baseUrl + webStoryPath(story.id))}">
<style${n('style')}>${style}</style>
</head>
<body>
<main class="story" aria-label="${escapeHtml(story.title)}">
<h1 class="visually-hidden">${escapeHtml(story.title)}</h1>
<ol class="story__progress" aria-hidden="true">${story.pages.map(() => '<li></li>').join('')}</ol>
<button type="button" class="story__nav story__nav--previous" id="story-previous">Previous page</button>
<button type="button" class="story__nav story__nav--next" id="story-next">Next page</button>
<p class="visually-hidden" id="story-status" role="status"></p>
${pages}
<p class="story__end" id="story-end" hidden><a href="${escapeHtml(webStoryPath(story.id))}" target="_top">Back to the story page</a></p>
</main>
<script${n('script')}>${script}</script>
</body>
</html>`;
}

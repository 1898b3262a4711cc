/**
 * Work that reads the page's boxes (a scroll height, a card's place) run once the browser has laid the page out
 * anyway, instead of in the middle of a render. A ResizeObserver's callback comes in the same frame after style
 * and layout and before paint, so a read there costs nothing; the same read right after a render made the browser
 * lay the whole page out inside the render's script, and again after the next change in that script.
 *
 * A new observation reports once at once (when its element has a size): each call observes a still 1-pixel
 * element of its own afresh, so the callback comes at the next layout whether or not anything changed size. (Not
 * the document's root: work done in the callback could change its size, and the browser reports an element
 * resized by its own observer's callback as an error.)
 */
let queue: (() => void)[] = [];
let observer: ResizeObserver | null = null;
let mark: HTMLElement | null = null;

function flush(): void {
  const run = queue;
  queue = [];
  for (const fn of run) fn();
}

/** Run `fn` after the browser's next layout of the page (synchronously where there is no ResizeObserver: the unit tests' DOM). */
export function afterLayout(fn: () => void): void {
  if (typeof ResizeObserver === 'undefined' || typeof document === 'undefined') {
    fn();
    return;
  }
  queue.push(fn);
  if (queue.length > 1) return;
  observer ??= new ResizeObserver(flush);
  if (!mark || !mark.isConnected) {
    mark = document.createElement('div');
    mark.setAttribute('aria-hidden', 'true');
    Object.assign(mark.style, { position: 'fixed', left: '0', top: '0', width: '1px', height: '1px', visibility: 'hidden', pointerEvents: 'none' });
    document.body.appendChild(mark);
  }
  observer.unobserve(mark);
  observer.observe(mark);
}

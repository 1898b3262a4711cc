/**
 * Work that reads the page's boxes (a scroll height, a card's place) run once the browser has laid the page out
 * anyway, instead of in the middle of a render. A ResizeObserver's callback comes in the same frame after style
 * and layout and before paint, so a read there costs nothing; the same read right after a render made the browser
 * lay the whole page out inside the render's script, and again after the next change in that script.
 *
 * Reads first, then writes: each job reads what it needs and hands back what it will change (a scroll, a focus,
 * a fading copy put in, a ring moved), and the changes run only once every job has read. And among the changes,
 * those that only put things in the page (`late`: the fading copies of leaving cards) come last: a scroll or a
 * focus needs the page laid out, and one that came after a copy went in made the browser lay it out again there.
 *
 * A new observation reports once at once (when its element has a size): each call observes a still 1-pixel
 * element of its own afresh, so the callback comes at the next layout whether or not anything changed size. (Not
 * the document's root: work done in the callback could change its size, and the browser reports an element
 * resized by its own observer's callback as an error.)
 */

/** A job: reads the page, and returns what it will change once every job has read (or nothing to change). */
export type LayoutRead = () => (() => void) | void;

let queue: { read: LayoutRead; late: boolean }[] = [];
let observer: ResizeObserver | null = null;
let mark: HTMLElement | null = null;

function flush(): void {
  const run = queue;
  queue = [];
  const writes: (() => void)[] = [];
  const lateWrites: (() => void)[] = [];
  for (const job of run) {
    const write = job.read();
    if (write) (job.late ? lateWrites : writes).push(write);
  }
  for (const write of writes) write();
  for (const write of lateWrites) write();
}

/**
 * Run `read` after the browser's next layout of the page, and what it returns once every job queued for that
 * layout has read (both synchronously where there is no ResizeObserver: the unit tests' DOM). `late`: the change
 * only puts things in the page and needs no layout of its own; it runs after the other jobs' changes.
 */
export function afterLayout(read: LayoutRead, late = false): void {
  if (typeof ResizeObserver === 'undefined' || typeof document === 'undefined') {
    read()?.();
    return;
  }
  queue.push({ read, late });
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

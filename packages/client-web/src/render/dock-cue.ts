/**
 * The dock's "more below" cue. The dock (prompt, choices, hand) has a height limit and scrolls past it: a
 * phone with a 7-card hand and a selected card's move buttons, or a short window, hides the hand's last rows
 * there, and a phone shows no scroll bar. While part of the dock is out of sight below, the table screen gets
 * `dock-scrolls` and a "More below" strip shows over the dock's bottom edge (styles.css).
 *
 * Measured when the dock or what it holds changes size (a ResizeObserver, called once the browser has laid the
 * page out anyway) and when it scrolls, not after each render: reading its scroll height right after a render
 * made the browser lay the whole page out in the middle of the render's script, on every state update.
 */
let installed = false;
let observer: ResizeObserver | null = null;
let watched: Element[] = [];
/** The last measure: a render that rewrites the screen's classes (a phone's tab) gets it back without measuring. */
let hidden = false;

/**
 * The table screen is the root's one child and the dock one of its own: found among a few children rather than by a
 * search of the whole page (some 3,000 elements), after every render.
 */
function tableScreen(root: HTMLElement): HTMLElement | null {
  const el = root.firstElementChild;
  return el instanceof HTMLElement && el.classList.contains('table-screen') ? el : null;
}

function dockOf(screen: HTMLElement | null): HTMLElement | null {
  if (!screen) return null;
  for (const el of screen.children) if (el instanceof HTMLElement && el.classList.contains('dock')) return el;
  return null;
}

function measure(root: HTMLElement): void {
  const screen = tableScreen(root);
  const dock = dockOf(screen);
  if (!screen) return;
  hidden = !!dock && dock.scrollHeight - dock.scrollTop - dock.clientHeight > 4;
  screen.classList.toggle('dock-scrolls', hidden);
}

/** After a render: watch the dock on the page now (a new one after the end screen went, or none). */
export function markDockOverflow(root: HTMLElement): void {
  const screen = tableScreen(root);
  const dock = dockOf(screen);
  if (!installed) {
    installed = true;
    observer = new ResizeObserver(() => measure(root));
    // Scrolling the dock changes what is out of sight without a render: one listener for the page's life (the
    // leak test counts listeners; this one never grows).
    document.addEventListener('scroll', (e) => {
      if (e.target instanceof HTMLElement && e.target.classList.contains('dock')) measure(root);
    }, { capture: true, passive: true });
  }
  // The dock's own box (the window's size) and its two columns (the prompt and choices, the hand) are what move
  // its scroll height; a new observation reports at once, so a new dock is measured too.
  const now = dock ? [dock, ...dock.children] : [];
  if (now.length === watched.length && now.every((e, i) => e === watched[i])) {
    screen?.classList.toggle('dock-scrolls', hidden && !!dock);
    return;
  }
  observer!.disconnect();
  watched = now;
  for (const e of now) observer!.observe(e);
  if (!dock) {
    hidden = false;
    screen?.classList.remove('dock-scrolls');
  }
}

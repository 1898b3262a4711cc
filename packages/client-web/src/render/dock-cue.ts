/**
 * The dock's "more below" cue. The dock (prompt, choices, hand) has a height limit and scrolls past it: a
 * phone with a 7-card hand and a selected card's move buttons, or a short window, hides the hand's last rows
 * there, and a phone shows no scroll bar. While part of the dock is out of sight below, the table screen gets
 * `dock-scrolls` and a "More below" strip shows over the dock's bottom edge (styles.css).
 */
let installed = false;

export function markDockOverflow(root: HTMLElement): void {
  const screen = root.querySelector<HTMLElement>('.table-screen');
  const dock = screen?.querySelector<HTMLElement>('.dock');
  if (!screen) return;
  const hidden = !!dock && dock.scrollHeight - dock.scrollTop - dock.clientHeight > 4;
  screen.classList.toggle('dock-scrolls', hidden);
  if (installed) return;
  installed = true;
  // Scrolling the dock or resizing the window changes what is out of sight without a render: one listener
  // each for the page's life (the leak test counts listeners; these two never grow).
  document.addEventListener('scroll', (e) => {
    if (e.target instanceof HTMLElement && e.target.classList.contains('dock')) markDockOverflow(root);
  }, { capture: true, passive: true });
  window.addEventListener('resize', () => markDockOverflow(root));
}

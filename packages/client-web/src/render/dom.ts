/** A very small DOM builder: h('div', { class: 'x', onclick }, children…). */

export type Child = Node | string | number | null | undefined | false | Child[];
export type Attrs = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') {
        el.addEventListener(k.slice(2), v as EventListener);
      } else if (k === 'class') {
        el.className = String(v);
      } else if (k === 'style' && typeof v === 'object') {
        for (const [sk, sv] of Object.entries(v as Record<string, string>)) {
          if (sk.startsWith('--')) el.style.setProperty(sk, sv);
          else (el.style as unknown as Record<string, string>)[sk] = sv;
        }
      } else if (k === 'value' && 'value' in el) {
        (el as HTMLInputElement).value = String(v);
      } else if (k === 'checked' || k === 'disabled' || k === 'selected') {
        (el as unknown as Record<string, boolean>)[k] = Boolean(v);
        if (v) el.setAttribute(k, '');
      } else {
        el.setAttribute(k, v === true ? '' : String(v));
      }
    }
  }
  append(el, children);
  return el;
}

function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/** Class names from a map of flags. */
export function cx(...parts: (string | false | null | undefined | Record<string, unknown>)[]): string {
  const out: string[] = [];
  for (const p of parts) {
    if (!p) continue;
    if (typeof p === 'string') out.push(p);
    else for (const [k, v] of Object.entries(p)) if (v) out.push(k);
  }
  return out.join(' ');
}

/**
 * Replace the content of `root`, keeping keyboard focus and scroll positions on elements
 * that carry the same data-fkey / data-skey before and after.
 */
export function mount(root: HTMLElement, content: Node): void {
  const active = document.activeElement as HTMLElement | null;
  const fkey = active && root.contains(active) ? active.getAttribute('data-fkey') : null;
  const selStart = active instanceof HTMLInputElement ? active.selectionStart : null;
  const scrolls = new Map<string, number>();
  root.querySelectorAll<HTMLElement>('[data-skey]').forEach((e) => scrolls.set(e.dataset.skey!, e.scrollLeft * 1e6 + e.scrollTop));
  root.replaceChildren(content);
  root.querySelectorAll<HTMLElement>('[data-skey]').forEach((e) => {
    const v = scrolls.get(e.dataset.skey!);
    if (v === undefined) return;
    e.scrollLeft = Math.floor(v / 1e6);
    e.scrollTop = v % 1e6;
  });
  if (fkey) {
    const el = root.querySelector<HTMLElement>(`[data-fkey="${CSS.escape(fkey)}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      if (el instanceof HTMLInputElement && selStart !== null) {
        try {
          el.setSelectionRange(selStart, selStart);
        } catch {
          /* not a text input */
        }
      }
    }
  }
}

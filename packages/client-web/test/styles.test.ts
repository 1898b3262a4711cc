import { readFileSync } from 'node:fs';
import path from 'node:path';

// A hover rule that moves or resizes what it styles can flicker: the element leaves the pointer, loses the
// hover, comes back under the pointer, and so on every frame. A player sees a shaking card, and a click that
// waits for the card to stand still (Playwright's does; so does a hand on a phone) never lands.
const css = readFileSync(path.join(__dirname, '..', 'src', 'styles.css'), 'utf8');
const GEOMETRY = /(^|[\s;{])(transform|translate|scale|rotate|margin[\w-]*|top|left|right|bottom|width|height|padding[\w-]*|border-width|font-size)\s*:/;

function hoverRules(text: string): { selector: string; body: string }[] {
  const out: { selector: string; body: string }[] = [];
  const rule = /([^{}]+)\{([^{}]*)\}/g;
  for (const m of text.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(rule)) {
    const selector = m[1]!.trim();
    if (selector.includes(':hover')) out.push({ selector, body: m[2]! });
  }
  return out;
}

test('the stylesheet has hover rules, and none of them moves or resizes what it styles', () => {
  const rules = hoverRules(css);
  expect(rules.length).toBeGreaterThan(0);
  const moving = rules.filter((r) => GEOMETRY.test(r.body)).map((r) => `${r.selector} { ${r.body.trim()} }`);
  expect(moving).toEqual([]);
});

test('the check itself catches a hover rule that lifts a card', () => {
  expect(hoverRules('.card.offer:hover { transform: translateY(-2px); }').filter((r) => GEOMETRY.test(r.body))).toHaveLength(1);
});

/**
 * The map as SVG: the Arctic Circle, every track as a row of spaces (card colour plus symbol; ferries'
 * locomotive spaces marked with the engine; "+X" badges), claimed tracks in their owner's colour with the
 * seat's number, tracks closed to claims hatched, cities with names (capitals square, highlighted ones
 * ringed). The SVG is one picture for assistive technology (role img); the route list is its twin.
 */
import { s } from '../render/dom';
import type { GameMap, GameView, MapData } from '@isle-of-trains/ttr-rules';
import { arcticY, mapBounds, midpoint, trackLine, trackSpaces, SPACE_WIDTH, type ViewBox } from './geometry';
import { routeState } from './model';
import { FILL, INK, SEAT_FILL, SEAT_INK, symbolId } from './symbols';

export interface MapLook {
  view: GameView;
  map: GameMap;
  data: MapData;
  box: ViewBox;
  selected: number | null;
  /** Routes this seat may claim now (drawn with a stronger outline). */
  claimable: ReadonlySet<number>;
  /** Cities to light up (tickets being chosen or looked at). */
  cities: ReadonlySet<string>;
  /** Routes of a longest trail to draw over the board (the end screen). */
  trail: ReadonlySet<number>;
  /** Routes of a shortest way to join a ticket's cities (the ticket looked at). */
  path: ReadonlySet<number>;
}

type Route = GameMap['routes'][number];
type City = MapData['cities'][number];

/** What decides how one route is drawn: when this changes, the route is drawn again. */
function routeKey(m: MapLook, r: Route): string {
  const st = routeState(m.view, m.map, r);
  return `${st.kind}:${st.kind === 'claimed' ? st.owner : ''}:${m.claimable.has(r.id) ? 1 : 0}:${m.selected === r.id ? 1 : 0}:${m.trail.has(r.id) ? 1 : 0}:${m.path.has(r.id) ? 1 : 0}`;
}

function routeGroup(m: MapLook, r: Route): SVGElement {
  const { data, view, map } = m;
  const line = trackLine(data, r);
  const spaces = trackSpaces(line, r.length);
  const st = routeState(view, map, r);
  const owner = st.kind === 'claimed' ? st.owner : null;
  const colour = r.color;
  const cls = ['ttr-route', `ttr-${r.kind}`, st.kind === 'closed' ? 'ttr-closed' : '', owner !== null ? 'ttr-claimed' : '',
    m.claimable.has(r.id) ? 'ttr-can' : '', m.selected === r.id ? 'ttr-selected' : '', m.trail.has(r.id) ? 'ttr-trail' : '', m.path.has(r.id) ? 'ttr-path' : ''].filter(Boolean).join(' ');
  const parts = spaces.map((sp, i) => {
    const icon = r.kind === 'ferry' && i < r.locomotives;
    const fill = owner !== null ? SEAT_FILL[owner % SEAT_FILL.length] : st.kind === 'closed' ? 'url(#ttr-hatch)' : FILL[colour];
    const ink = owner !== null ? SEAT_INK[owner % SEAT_INK.length] : INK[colour];
    const sym = owner !== null
      ? s('text', { x: 0, y: 3.6, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: ink }, String(owner + 1))
      : st.kind === 'closed' ? null
        : icon ? s('use', { href: `#${symbolId('loco')}`, x: -5, y: -5, width: 10, height: 10, fill: '#1b1b1b' })
          : colour === 'gray' ? null : s('use', { href: `#${symbolId(colour)}`, x: -4, y: -4, width: 8, height: 8, fill: ink });
    return s('g', { transform: `translate(${f(sp.cx)} ${f(sp.cy)}) rotate(${f(sp.angle)})` },
      // A claimed space is a train car: wider than the track, with a white rim inside its dark outline.
      owner !== null
        ? s('rect', { class: 'ttr-space ttr-car', x: f(-sp.length / 2), y: -SPACE_WIDTH / 2 - 2, width: f(sp.length), height: SPACE_WIDTH + 4, rx: 3, fill })
        : s('rect', { class: 'ttr-space', x: f(-sp.length / 2), y: -SPACE_WIDTH / 2, width: f(sp.length), height: SPACE_WIDTH, rx: 2, fill,
          ...(icon && st.kind !== 'closed' ? { stroke: '#1b1b1b', 'stroke-dasharray': '3 2' } : {}) }),
      owner !== null
        ? s('rect', { class: 'ttr-car-rim', x: f(-sp.length / 2 + 1.8), y: -SPACE_WIDTH / 2 - 0.2, width: f(Math.max(sp.length - 3.6, 1)), height: SPACE_WIDTH + 0.4, rx: 2 })
        : null,
      sym ? s('g', { transform: `rotate(${f(-sp.angle)})` }, sym) : null);
  });
  const mid = midpoint(line);
  const badge = r.drawBonus > 0 && owner === null
    ? s('g', { class: 'ttr-badge', transform: `translate(${f(mid.x)} ${f(mid.y - SPACE_WIDTH)})` },
      s('circle', { r: 8, fill: '#ffffff', stroke: '#1b1b1b', 'stroke-width': 1.2 }),
      s('text', { y: 3.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: '#1b1b1b' }, `+${r.drawBonus}`))
    : null;
  // A wide invisible line under the spaces makes a thin track easy to hit with a finger.
  const hit = s('line', { class: 'ttr-hit', x1: f(line.from.x), y1: f(line.from.y), x2: f(line.to.x), y2: f(line.to.y) });
  return s('g', { class: cls, 'data-route': r.id }, hit, ...parts, badge);
}

function cityGroup(c: City, lit: boolean): SVGElement {
  const dot = c.capital
    ? s('rect', { x: f(c.x - 7), y: f(c.y - 7), width: 14, height: 14, class: 'ttr-city-dot' })
    : s('circle', { cx: f(c.x), cy: f(c.y), r: 7, class: 'ttr-city-dot' });
  return s('g', { class: lit ? 'ttr-city ttr-lit' : 'ttr-city', 'data-city': c.id, 'data-lit': lit ? '1' : '0' },
    lit ? s('circle', { cx: f(c.x), cy: f(c.y), r: 17, class: 'ttr-city-ring' }) : null,
    dot,
    s('text', { x: f(c.x + 10), y: f(c.y - 9), class: 'ttr-city-name' }, c.name));
}

/**
 * The map, kept on the page between updates: only the routes and cities whose look changed are drawn
 * again (redrawing some 2,000 shapes on every update took most of an update's time).
 */
export class MapDrawing {
  readonly svg: SVGSVGElement;
  private readonly routes = new Map<number, { key: string; el: SVGElement }>();
  private readonly cities = new Map<string, { lit: boolean; el: SVGElement }>();
  private readonly routeLayer: SVGElement;
  private readonly cityLayer: SVGElement;
  /**
   * The map's size on the screen (CSS px), as a ResizeObserver last reported it. Read with
   * getBoundingClientRect in every render instead, it made the browser lay the page out there and then, in the
   * middle of each update's changes: a sixth of the page's main thread over a game of three seats.
   */
  private size = { width: 0, height: 0 };
  private readonly observer: ResizeObserver | null;
  private box: ViewBox | null = null;
  private shownBox = '';
  private shownLabel = '';

  /** `onResize`: the map's size on the screen changed (also once it first has one), after the page's layout. */
  constructor(data: MapData, onResize?: () => void) {
    const b = mapBounds(data);
    const ay = arcticY(data);
    this.routeLayer = s('g', { class: 'ttr-routes' });
    this.cityLayer = s('g', { class: 'ttr-cities' });
    this.svg = s('svg', {
      class: 'ttr-map', role: 'img', id: 'ttr-map',
      'aria-label': 'Map of Northern Europe with every route; the route list beside it names the same routes and can be used instead',
    },
    s('rect', { x: b.minX - 2000, y: b.minY - 2000, width: b.maxX - b.minX + 4000, height: b.maxY - b.minY + 4000, class: 'ttr-sea' }),
    s('g', { class: 'ttr-arctic' },
      s('line', { x1: b.minX - 2000, y1: f(ay), x2: b.maxX + 2000, y2: f(ay) }),
      s('text', { x: f(b.minX + 10), y: f(ay - 6) }, 'Arctic Circle')),
    this.routeLayer, this.cityLayer) as SVGSVGElement;
    this.observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver((entries) => {
      const e = entries[entries.length - 1];
      const b = e.borderBoxSize?.[0];
      const width = b ? b.inlineSize : e.contentRect.width;
      const height = b ? b.blockSize : e.contentRect.height;
      if (width === this.size.width && height === this.size.height) return;
      this.size = { width, height };
      if (this.box) this.label(this.box);
      onResize?.();
    });
    this.observer?.observe(this.svg);
  }

  /** The map's size on the screen as last laid out (0 × 0 before its first layout). */
  get sizeOnScreen(): { width: number; height: number } {
    return this.size;
  }

  /** Show this part of the map; city names keep a readable size on screen however far out the view is. */
  setBox(box: ViewBox): void {
    this.box = box;
    const shown = `${f(box.x)} ${f(box.y)} ${f(box.w)} ${f(box.h)}`;
    if (shown !== this.shownBox) {
      this.svg.setAttribute('viewBox', shown);
      this.shownBox = shown;
    }
    this.label(box);
  }

  private label(box: ViewBox): void {
    const px = this.size.width;
    const unitsPerPx = px > 0 ? box.w / px : 1;
    const size = `${f(Math.min(34, Math.max(14, 9 * unitsPerPx)))}px`;
    if (size === this.shownLabel) return;
    this.svg.style.setProperty('--ttr-label', size);
    this.shownLabel = size;
  }

  /** Stop watching the map's size (the table is taken down). */
  dispose(): void {
    this.observer?.disconnect();
  }

  update(m: MapLook): void {
    this.setBox(m.box);
    // While a longest trail or a ticket's way is shown, everything else steps back so the trail stands out.
    this.svg.classList.toggle('ttr-showing-trail', m.trail.size > 0 || m.path.size > 0);
    for (const r of m.map.routes) {
      const key = routeKey(m, r);
      const had = this.routes.get(r.id);
      if (had?.key === key) continue;
      const el = routeGroup(m, r);
      if (had) had.el.replaceWith(el);
      else this.routeLayer.appendChild(el);
      this.routes.set(r.id, { key, el });
    }
    for (const c of m.data.cities) {
      const lit = m.cities.has(c.id);
      const had = this.cities.get(c.id);
      if (had?.lit === lit) continue;
      const el = cityGroup(c, lit);
      if (had) had.el.replaceWith(el);
      else this.cityLayer.appendChild(el);
      this.cities.set(c.id, { lit, el });
    }
  }
}

function f(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

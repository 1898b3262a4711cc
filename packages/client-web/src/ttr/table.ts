/**
 * The second game's table as a plug-in module of the web client's shell: `ttrTable.mount(root, host)` gives
 * a table that redraws from each `update(input, seat)` (a seat's view, the names, the map) and sends moves
 * through the host. What is drawn is a function of that input and the local UI state (selected route,
 * payment shown, tickets ticked, zoom); the host's acks and refusals come back through `act`'s promise.
 */
import { h, mount } from '../render/dom';
import { Memos, foreign, h as vh, mountTable, unmountTable } from '../render/vdom';
import { afterLayout } from '../render/after-layout';
import { TrailCache, mapOf, pending, scoreBreakdown, type Action, type GameMap, type GameView } from '@isle-of-trains/ttr-rules';
import type { MountedTable, TableHost, TableModule } from '../shell/table-module';
import { clampBox, mapBounds, zoomBox, type ViewBox } from './geometry';
import {
  cyclePayment, legalFor, myDecision, namesOf, openPayment, routeList, ticketCities, ticketPath, trailOf, turnLine, waitingLine, type PaymentChoice, type TtrTableInput,
} from './model';
import { MapDrawing } from './render-map';
import {
  bonusPanel, claimPanel, drawPanel, endPanel, handPanel, playersPanel, routeListPanel, ticketPicker, ticketsPanel, type PanelUi,
} from './render-panels';
import { sprite } from './symbols';
import './ttr.css';

interface Local {
  selected: number | null;
  choice: PaymentChoice | null;
  chosen: Set<number>;
  /** The offer the ticks belong to (a new offer starts with every ticket ticked). */
  offerKey: string;
  hover: number | null;
  claimableOnly: boolean;
  busy: boolean;
  error: string | null;
  box: ViewBox | null;
  trailSeat: number | null;
  /** The selection came from the route list (so closing the chooser returns the focus there). */
  fromList: boolean;
}

export const ttrTable: TableModule<TtrTableInput, Action> = {
  mount(root: HTMLElement, host: TableHost<Action>): MountedTable<TtrTableInput> {
    let input: TtrTableInput | null = null;
    let seat: number | null = null;
    let wasMyMove = false;
    const local: Local = {
      selected: null, choice: null, chosen: new Set(), offerKey: '', hover: null, claimableOnly: false, busy: false, error: null, box: null, trailSeat: null, fromList: false,
    };
    let focusAfter: string | null = null;
    let shownEnd = false;
    // Each seat's longest trail, searched again only when that seat's routes change (the bonus cards and the
    // end screen ask on every render).
    const trails = new TrailCache();
    // The side panels' parts kept from one render to the next (the route list's rows: about 150, a move changes a few).
    const memos = new Memos();
    // The skeleton stays; preact changes what differs in the bar and the side panels on each update, and the map
    // redraws only what changed.
    const barHost = h('div', { class: 'ttr-bar-host' });
    const sideHost = h('div', { class: 'ttr-side-host' });
    let drawing: MapDrawing | null = null;
    const mapWrap = h('div', { class: 'ttr-map-wrap', id: 'ttr-map-wrap' });
    const zoomButtons = h('div', { class: 'ttr-zoom', role: 'group', 'aria-label': 'Map zoom' },
      zoomButton('+', 'Zoom in', () => zoom(1.5)), zoomButton('−', 'Zoom out', () => zoom(1 / 1.5)),
      zoomButton('Fit', 'Show the whole map', () => { local.box = null; render(); }));
    const table = h('div', { class: 'ttr-table' }, sprite(), barHost, h('div', { class: 'ttr-main' }, mapWrap, sideHost));
    root.replaceChildren(table);

    const send = (a: Action): void => {
      local.busy = true;
      local.error = null;
      render();
      host.act(a).then(() => {
        local.busy = false;
        render();
      }, (e: { code?: string; message?: string }) => {
        local.busy = false;
        local.error = e?.message ?? 'The move was refused.';
        render();
      });
    };

    /**
     * The chooser is about to close: the focus leaves it now, to the route's entry when there is one to go back to.
     * At the click the page is still laid out; a focused button that the render took away made the browser lay the
     * whole page out in the middle of the render. (The render's own focus, after layout, still follows: the entry
     * may have moved in the list.)
     */
    const leaveChooser = (back: string | null): void => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || !sideHost.contains(active) || !active.closest('.ttr-claim')) return;
      const to = back ? root.querySelector<HTMLElement>(back) : null;
      if (to) to.focus();
      else active.blur();
    };

    const ui: PanelUi = {
      selectRoute(id, fromList) {
        const was = local.selected;
        local.selected = id;
        local.choice = id !== null && input && seat !== null && legal().some((a) => a.type === 'claim' && a.route === id) ? openPayment(input.view, seat, id) : null;
        // From the list the focus goes to the chooser, and back to the route's entry when the chooser closes.
        if (fromList && id !== null) {
          local.fromList = true;
          focusAfter = '#ttr-claim-title';
        } else if (id === null && local.fromList && was !== null) {
          local.fromList = false;
          focusAfter = `[data-entry="${was}"]`;
          leaveChooser(focusAfter);
        } else if (!fromList) local.fromList = false;
        render();
      },
      cycle(step) {
        if (local.choice) local.choice = cyclePayment(local.choice, step);
        render();
      },
      claim() {
        const c = local.choice;
        if (!c) return;
        local.selected = null;
        local.choice = null;
        if (local.fromList) focusAfter = `[data-entry="${c.route}"]`;
        leaveChooser(focusAfter);
        local.fromList = false;
        send({ type: 'claim', route: c.route, pay: c.options[c.index] });
      },
      draw(a) {
        send(a);
      },
      toggleTicket(id) {
        if (local.chosen.has(id)) local.chosen.delete(id);
        else local.chosen.add(id);
        render();
      },
      keepTickets() {
        const offer = myOffer();
        send({ type: 'keepTickets', keep: offer.filter((id) => local.chosen.has(id)) });
      },
      hoverTicket(id) {
        if (local.hover === id) return;
        local.hover = id;
        render();
      },
      showTrail(s) {
        local.trailSeat = s;
        render();
      },
      setFilter(on) {
        local.claimableOnly = on;
        render();
      },
    };

    function zoomButton(text: string, label: string, go: () => void): HTMLButtonElement {
      const b = h('button', { type: 'button', class: 'ttr-btn', 'aria-label': label }, text);
      b.addEventListener('click', go);
      return b;
    }

    function legal(): Action[] {
      return input ? legalFor(input.view, seat) : [];
    }
    function myOffer(): number[] {
      if (!input || seat === null) return [];
      return input.view.players[seat]?.offer ?? [];
    }
    function fullBox(map: GameMap): ViewBox {
      const b = mapBounds(map.data);
      const r = drawing?.sizeOnScreen;
      const aspect = r && r.width > 0 && r.height > 0 ? r.height / r.width : (b.maxY - b.minY) / (b.maxX - b.minX);
      let w = b.maxX - b.minX;
      let hh = w * aspect;
      if (hh < b.maxY - b.minY) {
        hh = b.maxY - b.minY;
        w = hh / aspect;
      }
      return { x: (b.minX + b.maxX) / 2 - w / 2, y: (b.minY + b.maxY) / 2 - hh / 2, w, h: hh };
    }

    function render(): void {
      if (!input) return;
      const view: GameView = input.view;
      if (!drawing) {
        drawing = new MapDrawing(input.map, onMapResize);
        mapWrap.replaceChildren(drawing.svg, zoomButtons);
      }
      const map = mapOf(view.options.map);
      const names = namesOf(input);
      const lg = legal();
      const entries = routeList(input, lg);
      const d = myDecision(view, seat);
      const offer = d?.kind === 'keepTickets' ? myOffer() : [];
      const key = offer.join(',');
      if (key !== local.offerKey) {
        local.offerKey = key;
        local.chosen = new Set(offer);
        local.hover = null;
      }
      // A selection the table moved past (claimed meanwhile, a new turn) shows its new state; a stale chooser goes.
      if (local.choice && !lg.some((a) => a.type === 'claim' && a.route === local.choice!.route)) local.choice = null;
      const lit = local.hover !== null ? ticketCities(map, [local.hover]) : ticketCities(map, offer);
      const trailSeat = view.gameOver ? (local.trailSeat ?? pendingWinner(view)) : null;
      const trail = trailSeat !== null ? trailOf(view, trailSeat, trails) : null;
      const waiting = waitingLine(view, seat, names);
      const rating = input.rating;
      const box = local.box ?? fullBox(map);
      const entry = local.selected !== null ? entries.find((e) => e.id === local.selected) ?? null : null;
      table.setAttribute('data-my-move', d ? '1' : '0');
      table.setAttribute('data-over', view.gameOver ? '1' : '0');
      // A move on its way (its buttons disabled until the server answers): the browser tests wait on it.
      table.setAttribute('data-busy', local.busy ? '1' : '0');
      table.toggleAttribute('data-sheet', !!entry || d?.kind === 'keepTickets');
      drawing.update({
        view, map, data: input.map, box, selected: local.selected,
        claimable: new Set(entries.filter((e) => e.claimable).map((e) => e.id)), cities: lit, trail: new Set(trail?.routes ?? []),
        path: new Set(local.hover !== null && !view.gameOver ? ticketPath(view, seat, local.hover) : []),
      });
      // Drawn with preact's virtual nodes (src/render/vdom.ts): only what changed is made or compared on the page.
      mountTable(barHost, () => vh('header', { class: 'ttr-bar' },
        vh('p', { class: 'ttr-turn', role: 'status', id: 'ttr-turn' }, turnLine(view, seat, names)),
        view.finalTurnsLeft !== null && !view.gameOver ? vh('p', { class: 'ttr-last' }, 'Last round') : null,
        local.error ? vh('p', { class: 'ttr-error', role: 'alert' }, local.error, ' ',
          vh('button', { type: 'button', class: 'ttr-link', onclick: () => { local.error = null; render(); } }, 'Dismiss')) : null));
      // The end panel's buttons come from the room (real elements with their handlers), put in as they are.
      const endButtons = view.gameOver ? input.endActions?.() ?? null : null;
      const actions = Array.isArray(endButtons) && endButtons.length > 0 ? foreign(h('div', { class: 'ttr-row ttr-end-actions' }, ...endButtons), 'ttr-end-actions-host', 'end-actions') : null;
      mountTable(sideHost, () => vh('div', { class: 'ttr-side' },
        view.gameOver && trailSeat !== null ? endPanel(map, view, names, seat, trailSeat, trail!.length, ui, actions, rating) : null,
        d?.kind === 'keepTickets' ? ticketPicker(map, offer, local.chosen, d.min, local.busy, ui) : null,
        entry ? claimPanel(map, entry, local.choice, local.busy, ui, seat !== null, waiting) : null,
        !view.gameOver && view.turn.step !== 'setup' ? drawPanel(view, lg, local.busy, ui, waiting) : null,
        seat !== null && view.players[seat]?.hand ? handPanel(view, seat) : null,
        seat !== null && view.players[seat]?.tickets ? ticketsPanel(map, view, seat, local.hover, ui) : null,
        playersPanel(view, seat, names, rating),
        bonusPanel(view, seat, names, trails),
        routeListPanel(entries, local.selected, local.claimableOnly, names, ui, seat !== null, memos)));
      memos.sweep();
      // The game has just ended at a live table: the end panel comes into view at the top of the side column,
      // its title focused (a replay reaching its end leaves the focus on its controls).
      if (view.gameOver && !shownEnd && input.endActions) {
        shownEnd = true;
        sideHost.scrollTop = 0;
        // (without scrolling: a focus that scrolls would move the whole screen, whose overflow is hidden, up under the bar)
        root.querySelector<HTMLElement>('#ttr-end-title')?.focus({ preventScroll: true });
      }
      if (focusAfter) {
        const target = focusAfter;
        focusAfter = null;
        // Once the browser has laid the page out anyway (render/after-layout.ts): a focus scrolls its element into
        // view, and called right after the panels changed it made the browser lay the whole page out inside the
        // click that selected or claimed the route.
        afterLayout(() => () => root.querySelector<HTMLElement>(target)?.focus());
      }
    }

    /** Whose trail the end screen draws first: this seat's, or a spectator's first winner. */
    function pendingWinner(view: GameView): number {
      return seat ?? scoreBreakdown(view).winners[0] ?? 0;
    }

    function setBox(b: ViewBox): void {
      local.box = b;
      drawing?.setBox(b);
    }
    function zoom(factor: number, fx = 0.5, fy = 0.5): void {
      if (!input) return;
      const full = fullBox(mapOf(input.view.options.map));
      setBox(zoomBox(local.box ?? full, factor, fx, fy, full));
    }

    // Pan and zoom: one finger or the mouse drags, two fingers pinch, the wheel zooms at the pointer. A press
    // that barely moves is a tap: it selects the route under it.
    const pointers = new Map<number, { x: number; y: number }>();
    let start: { x: number; y: number; moved: boolean } | null = null;
    let pinch: { dist: number } | null = null;
    const svgOf = (t: EventTarget | null): SVGSVGElement | null => (t instanceof Element ? t.closest<SVGSVGElement>('.ttr-map') : null);
    const onDown = (e: PointerEvent): void => {
      const svg = svgOf(e.target);
      if (!svg) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 1) start = { x: e.clientX, y: e.clientY, moved: false };
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y) };
        if (start) start.moved = true;
      }
    };
    const onMove = (e: PointerEvent): void => {
      const prev = pointers.get(e.pointerId);
      if (!prev || !input) return;
      const svg = root.querySelector<SVGSVGElement>('.ttr-map');
      if (!svg) return;
      const r = svg.getBoundingClientRect();
      const full = fullBox(mapOf(input.view.options.map));
      const box = local.box ?? full;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const dist = Math.hypot(a.x - b.x, a.y - b.y);
        if (pinch.dist > 0 && dist > 0) {
          const fx = ((a.x + b.x) / 2 - r.left) / r.width;
          const fy = ((a.y + b.y) / 2 - r.top) / r.height;
          setBox(zoomBox(box, dist / pinch.dist, fx, fy, full));
        }
        pinch.dist = dist;
        return;
      }
      if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > 6) start.moved = true;
      if (start?.moved) {
        const k = box.w / r.width;
        setBox(clampBox({ ...box, x: box.x - (e.clientX - prev.x) * k, y: box.y - (e.clientY - prev.y) * k }, full));
      }
    };
    const onUp = (e: PointerEvent): void => {
      if (!pointers.has(e.pointerId)) return;
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) {
        const tap = start && !start.moved;
        start = null;
        if (tap && e.type === 'pointerup') {
          const g = (e.target instanceof Element ? e.target.closest('[data-route]') : null)
            ?? document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-route]');
          if (g) ui.selectRoute(Number(g.getAttribute('data-route')), false);
        }
        // The last drag's box is kept; a render now makes the tree agree with it.
        render();
      }
    };
    const onWheel = (e: WheelEvent): void => {
      const svg = svgOf(e.target);
      if (!svg) return;
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
    };
    // The map took a new size (a window resized or turned, a panel opened beside it, its first layout): a zoomed
    // view keeps its width and takes the new shape; the whole map is fitted to the new shape again.
    function onMapResize(): void {
      if (!input || !drawing) return;
      if (local.box) {
        const full = fullBox(mapOf(input.view.options.map));
        const size = drawing.sizeOnScreen;
        const hh = local.box.w * (size.height / Math.max(size.width, 1));
        setBox(clampBox({ ...local.box, h: hh }, full));
      }
      render();
    }
    root.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    root.addEventListener('wheel', onWheel, { passive: false });

    return {
      update(next: TtrTableInput, s: number | null) {
        input = next;
        seat = s;
        const mine = s !== null && pending(next.view).some((x) => x.seat === s);
        if (mine && !wasMyMove && next.view.turn.step !== 'setup') host.notify('Your turn');
        wasMyMove = mine;
        // The map's first layout gives it its real size, which redraws it to fit that shape (onMapResize).
        render();
      },
      destroy() {
        root.removeEventListener('pointerdown', onDown);
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        window.removeEventListener('pointercancel', onUp);
        root.removeEventListener('wheel', onWheel);
        drawing?.dispose();
        unmountTable(barHost);
        unmountTable(sideHost);
        memos.clear();
        root.replaceChildren();
      },
    };
  },
};

/**
 * The buildings' drawings, one each: what the building scores for is in its picture (a coal heap at the coal
 * factory, tanks at the refinery, a crate at the customs house, a coin on the bank), and the three stations
 * carry a sign whose shape says which (an up triangle for the northern, a diamond for the middle, a down
 * triangle for the southern).
 */
import { ACCENT, BODY, INK, LIGHT, RAIL, circle, line, path, rect, windows } from './shapes';

/** The clock the big halls have. */
const clock = (x: number, y: number, r: number): string => circle(x, y, r, LIGHT) + line(`M${x} ${y - r * 0.6}V${y}H${x + r * 0.5}`, INK, 0.8);

/** A station: a hall under a roof and a sign in front; `roof` and `mark` differ between the three. */
const station = (roof: string, mark: string): string =>
  roof + rect(12, 14, 40, 16, BODY) + windows(14, 17, 2, 4, 6, 2) + windows(41, 17, 2, 4, 6, 2) + rect(25, 15, 14, 9, LIGHT, 1) + mark
    + rect(28, 25, 8, 5, INK) + RAIL;

export const BUILDING_ART: Record<string, string> = {
  'coal-factory': path('M5 30V14L13 8V14L21 8V14L29 8V14L37 8V30z', BODY) + windows(8, 18, 4, 5, 5, 3) + rect(39, 3, 5, 27, INK)
    + rect(39, 6, 5, 2, ACCENT) + path('M46 30L51 21L54 25L57 20L62 30z', INK) + RAIL,
  // A flare tower and two round-topped tanks joined by a pipe.
  'oil-refinery': path('M10 3Q13 0 12 5Q15 3 13 8H9Q8 5 10 3z', ACCENT) + rect(8, 8, 6, 22, BODY) + rect(8, 13, 6, 1.6, INK) + rect(8, 20, 6, 1.6, INK)
    + path('M18 30V19A9 4.5 0 0 1 36 19V30z', BODY) + path('M40 30V22A8 4 0 0 1 56 22V30z', BODY) + line('M14 25H18M36 26H40', INK, 1.6)
    + rect(18, 23, 18, 1.6, LIGHT) + RAIL,
  // A house with a flag and a crate waiting at its door.
  'customs-house': path('M6 30V14L21 6L36 14V30z', BODY) + rect(17, 20, 8, 10, LIGHT, 1) + windows(9, 16, 1, 5, 5, 0) + windows(28, 16, 1, 5, 5, 0)
    + line('M44 30V4', INK, 1.2) + path('M44 4H55L52 7.5L55 11H44z', ACCENT) + rect(47, 21, 11, 9, INK) + line('M47 21L58 30M58 21L47 30', LIGHT, 0.9) + RAIL,
  // Columns under a pediment with a coin in it.
  'bank': path('M5 12L32 3L59 12z', BODY) + circle(32, 8.5, 2.4, ACCENT) + rect(7, 12, 50, 3, INK)
    + windows(10, 15, 5, 4, 12, 6.5, BODY) + rect(5, 27, 54, 3, INK) + RAIL,
  // A wide hall with a great arched window, a clock and two towers.
  'grand-central': rect(4, 6, 9, 24, BODY) + rect(51, 6, 9, 24, BODY) + rect(3, 4, 11, 2.5, INK) + rect(50, 4, 11, 2.5, INK)
    + path('M13 30V13H19L32 6L45 13H51V30z', BODY) + path('M22 30V21A10 8 0 0 1 42 21V30z', LIGHT) + line('M32 13.5V30M22.5 23H41.5', BODY, 1.2)
    + clock(32, 10.5, 2.4) + windows(6.5, 9, 1, 4, 5, 0) + windows(53.5, 9, 1, 4, 5, 0) + RAIL,
  // A long front with a central tower, a dome and a clock.
  'town-hall': path('M26 9A6 6 0 0 1 38 9z', INK) + line('M32 3V0.5', INK, 1) + rect(26, 9, 12, 8, BODY) + clock(32, 12.8, 2.4)
    + rect(6, 17, 52, 13, BODY) + rect(5, 16, 54, 1.8, INK) + windows(9, 20, 3, 4, 5, 3) + windows(42, 20, 3, 4, 5, 3) + rect(29, 21, 6, 9, LIGHT, 1) + RAIL,
  // Tracks fanning out, a signal, and an engine shed.
  'rail-yard': line('M2 30L22 22H30M10 30L24 25H30M18 30L26 28H30', INK, 1.3) + line('M33 30V7', INK, 1.3) + rect(30.5, 4, 5, 9, INK, 1.5)
    + circle(33, 6.5, 1.3, ACCENT) + circle(33, 10.5, 1.3, LIGHT) + path('M38 30V14L49 8L60 14V30z', BODY) + path('M43 30V21A6 6 0 0 1 55 21V30z', LIGHT) + RAIL,
  'northern-station': station(path('M8 14L32 4L56 14z', INK), path('M32 16.5L36 22.5H28z', INK)),
  'middle-station': station(rect(9, 11, 46, 3, INK) + rect(28, 5, 8, 6, BODY) + rect(27, 4, 10, 1.6, INK), path('M32 15.8L35.6 19.5L32 23.2L28.4 19.5z', INK)),
  'southern-station': station(path('M6 14L10 9H54L58 14z', INK) + line('M10 14V30M54 14V30', INK, 1.2), path('M28 16.5H36L32 22.5z', INK)),
};

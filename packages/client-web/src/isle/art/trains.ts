/**
 * The train cards' drawings, one per card kind: three engines, three levels of each car (each level longer
 * and with more on it than the one before: a newcomer sees the upgrade), and ten cabooses that share a body
 * and carry a badge saying in a shape what each one does.
 */
import { ACCENT, BODY, INK, LIGHT, badge, chassis, circle, line, path, rect, ribs, wheels, windows, RAIL } from './shapes';

const engines: Record<string, string> = {
  // A small tank engine: boiler, chimney, cab.
  'engine-1': rect(6, 11, 34, 11, BODY, 3) + rect(38, 6, 16, 16, BODY) + rect(36, 4, 20, 2.5, INK) + rect(42, 9, 8, 6, LIGHT, 1)
    + rect(10, 4, 5, 7, INK) + chassis(6, 56, [14, 26, 46]),
  // A bigger engine: steam dome, lamp, cow-catcher and a driving rod.
  'engine-2': rect(4, 10, 36, 12, BODY, 4) + circle(24, 10, 3.5, BODY) + rect(38, 5, 18, 17, BODY) + rect(36, 3, 22, 2.5, INK)
    + rect(42, 8, 10, 6, LIGHT, 1) + rect(8, 3, 5, 7, INK) + circle(5, 14, 2, ACCENT) + path('M4 22L0 28H6z', INK)
    + chassis(4, 58, [14, 24, 34, 50]) + line('M14 27H34', ACCENT, 1.4),
  // A streamlined engine: sloped nose, long windscreen, a stripe, two bogies.
  'engine-3': path('M3 22V16Q5 7 16 6H60V22z', BODY) + path('M8 13Q10 9 16 8.5H20V13z', INK) + windows(24, 9, 5, 5, 4, 2)
    + rect(3, 17, 57, 2.4, ACCENT) + chassis(3, 60, [11, 19, 44, 52]),
};

const heap = (x0: number, x1: number, y: number): string => {
  const w = (x1 - x0) / 4;
  return path(`M${x0} ${y}Q${x0 + w} ${y - 5} ${x0 + 2 * w} ${y}Q${x0 + 3 * w} ${y - 5} ${x1} ${y}z`, INK);
};

const hoppers: Record<string, string> = {
  'hopper-1': path('M10 8H54L48 22H16z', BODY) + ribs(12, 52, 9, 20, 3) + chassis(14, 50, [18, 46]),
  'hopper-2': heap(7, 57, 8) + path('M6 8H58L51 22H13z', BODY) + ribs(8, 56, 9, 20, 5) + chassis(10, 54, [14, 22, 42, 50]),
  // Two bays, both heaped, with a band along the top.
  'hopper-3': heap(4, 31, 7) + heap(33, 60, 7) + path('M3 7H61L56 17L50 22H14L8 17z', BODY) + path('M28 22L32 14L36 22z', LIGHT)
    + rect(3, 7, 58, 2.2, ACCENT) + chassis(6, 58, [11, 19, 45, 53]),
};

const tankers: Record<string, string> = {
  'tanker-1': rect(8, 9, 48, 12, BODY, 6) + rect(20, 19, 24, 3, BODY) + chassis(12, 52, [18, 46]),
  'tanker-2': rect(28, 4, 8, 6, BODY, 1) + rect(5, 8, 54, 13, BODY, 6.5) + rect(30, 8, 4, 13, ACCENT) + ribs(40, 44, 9, 20, 1)
    + chassis(8, 56, [13, 21, 43, 51]),
  // A long tank: two domes, a walkway rail on top, bands at both ends.
  'tanker-3': line('M6 5H58', INK, 1) + rect(16, 3, 7, 6, BODY, 1) + rect(41, 3, 7, 6, BODY, 1) + rect(3, 7, 58, 14, BODY, 7)
    + rect(12, 7, 3, 14, ACCENT) + rect(49, 7, 3, 14, ACCENT) + chassis(5, 59, [10, 18, 46, 54]),
};

const door = (x: number, y: number, w: number, hh: number): string => line(`M${x} ${y}h${w}v${hh}h${-w}z`, LIGHT, 1.2);

const boxcars: Record<string, string> = {
  'boxcar-1': rect(10, 7, 44, 15, BODY, 1) + door(27, 9, 10, 11) + chassis(10, 54, [18, 46]),
  'boxcar-2': rect(6, 6, 52, 16, BODY, 1) + rect(8, 4, 48, 2, INK) + ribs(6, 24, 7, 21, 3) + ribs(40, 58, 7, 21, 3)
    + door(26, 8, 12, 12) + rect(35, 13, 2, 3, ACCENT) + chassis(6, 58, [12, 20, 44, 52]),
  // Tall and long: two doors and vents.
  'boxcar-3': rect(3, 4, 58, 18, BODY, 1) + rect(5, 2, 54, 2, INK) + door(10, 7, 11, 13) + door(43, 7, 11, 13)
    + windows(26, 7, 3, 3, 2.5, 1.5) + rect(26, 13, 12, 2, ACCENT) + chassis(3, 61, [9, 17, 47, 55]),
};

const coaches: Record<string, string> = {
  'coach-1': rect(9, 8, 46, 14, BODY, 3) + windows(14, 11, 3, 8, 6, 5) + chassis(9, 55, [18, 46]),
  // A raised roof and one more window.
  'coach-2': rect(14, 4, 36, 3, INK, 1) + rect(6, 7, 52, 15, BODY, 3) + windows(10, 10, 4, 8, 6, 4) + chassis(6, 58, [12, 20, 44, 52]),
  // Long, raised roof, end doors, a stripe under the windows.
  'coach-3': rect(10, 2.5, 44, 3, INK, 1) + rect(3, 5, 58, 17, BODY, 3) + rect(5, 8, 4, 12, LIGHT, 1) + rect(55, 8, 4, 12, LIGHT, 1)
    + windows(12, 8, 5, 6, 6, 2.5) + rect(3, 16, 58, 2, ACCENT) + chassis(3, 61, [9, 17, 47, 55]),
};

/** A passenger's head and shoulders at (x, y): the shape passengers have everywhere in the art. */
export const person = (x: number, y: number, fill = INK): string =>
  circle(x, y - 2.4, 1.6, fill) + path(`M${x - 2.3} ${y + 3.8}V${y + 1.4}Q${x - 2.3} ${y - 0.4} ${x} ${y - 0.4}Q${x + 2.3} ${y - 0.4} ${x + 2.3} ${y + 1.4}V${y + 3.8}z`, fill);

/** The shared caboose: body, cupola with windows, railings; the badge on its side says what it does. */
const caboose = (emblem: string): string =>
  rect(8, 10, 48, 12, BODY, 1.5) + rect(34, 3, 14, 7, BODY) + rect(32, 1.5, 18, 2, INK) + windows(36, 5, 2, 4, 3, 2)
    + windows(38, 13, 2, 5, 5, 3) + line('M4 12V22M60 12V22', INK, 1) + badge(20, 16, emblem) + chassis(8, 56, [16, 48]);

/** Each emblem is drawn round (20, 16), inside the badge's light disc. */
const cabooses: Record<string, string> = {
  // Deliver, draw: a parcel going out.
  'caboose-1': caboose(rect(16.5, 16.5, 6, 3.8, INK) + line('M16.5 13.5H23.5M21.2 11.3L23.5 13.5L21.2 15.7', INK, 1.3)),
  // Coal loaded, draw: a heap of coal.
  'caboose-2': caboose(path('M16 19.5L18.5 13.5L20.5 16.5L22 14.5L24 19.5z', INK)),
  // Holds any good: the wild star.
  'caboose-3': caboose(line('M20 12V20M16.5 14L23.5 18M16.5 18L23.5 14', INK, 1.5)),
  // One more building: a house.
  'caboose-4': caboose(path('M16 20V15.5L20 12L24 15.5V20z', INK) + rect(19, 17, 2, 3, LIGHT)),
  // Cheaper to extend: a price tag with a minus.
  'caboose-5': caboose(path('M16 13.5H22L24.5 16L22 18.5H16z', INK) + rect(17.3, 15.5, 3.6, 1, LIGHT)),
  // More engine capacity: a plus.
  'caboose-6': caboose(rect(18.9, 12, 2.2, 8, INK) + rect(16, 14.9, 8, 2.2, INK)),
  // A passenger counts as a good: a passenger beside a crate.
  'caboose-7': caboose(person(18, 16) + rect(21, 17, 3.2, 3, INK)),
  // Passenger loaded, draw 2: two passengers.
  'caboose-8': caboose(person(17.7, 16) + person(22.3, 16)),
  // A second passenger delivered elsewhere: a fork of two ways.
  'caboose-9': caboose(line('M16 16H19.5L23.5 12.8M19.5 16L23.5 19.2', INK, 1.4) + circle(23.6, 12.7, 1.1, INK) + circle(23.6, 19.3, 1.1, INK)),
  // A passenger of any colour: a rainbow of arcs.
  'caboose-10': caboose(line('M15.8 19A4.2 4.2 0 0 1 24.2 19M17.6 19A2.4 2.4 0 0 1 22.4 19', INK, 1.2) + rect(19.4, 18.3, 1.2, 1.4, INK)),
};

export const TRAIN_ART: Record<string, string> = { ...engines, ...hoppers, ...tankers, ...boxcars, ...coaches, ...cabooses };

/** For an id the catalogue does not know: a plain flat wagon, so the card still has a picture. */
export const UNKNOWN_ART = rect(8, 17, 48, 5, BODY, 1) + wheels(18, 46) + RAIL;

/** The cargo types and card categories: plain names, used by the catalogue's schema and everywhere else. */
export const CARGO_TYPES = ['coal', 'oil', 'box'] as const;
export type CargoType = (typeof CARGO_TYPES)[number];
export type CargoSymbol = CargoType | 'all';
export const CATEGORIES = ['engine', 'hopper', 'tanker', 'boxcar', 'coach', 'caboose', 'building'] as const;
export type Category = (typeof CATEGORIES)[number];
export type BonusKind = 'A' | 'L' | 'B' | 'D' | 'LD';

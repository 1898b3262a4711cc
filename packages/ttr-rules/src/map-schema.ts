/**
 * The shape of a map file, format `ttr-map/1` (the same format the map tools in the design folder build
 * and check). Shape only: the relations between the parts (known cities, repeated ids, parallel tracks
 * that agree, ticket points) are checked by map-check.ts, which gives each fault its own message.
 */
import { z } from 'zod';
import { COLOURS } from './cards';

const Slug = z.string().regex(/^[a-z0-9-]+$/, 'must be a lower-case slug');

export const CitySchema = z.object({
  id: Slug,
  name: z.string().min(1),
  country: z.string().min(2).max(3),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  arctic: z.boolean(),
  capital: z.boolean(),
  x: z.number(),
  y: z.number(),
});

export const RouteSchema = z.object({
  id: z.number().int().positive(),
  pair: z.number().int().positive(),
  from: Slug,
  to: Slug,
  track: z.number().int().min(1).max(3),
  tracks: z.number().int().min(1).max(3),
  kind: z.enum(['rail', 'ferry']),
  length: z.number().int().min(1, 'length must be 1 to 6').max(6, 'length must be 1 to 6'),
  color: z.enum([...COLOURS, 'gray']),
  locomotives: z.number().int().min(0),
  drawBonus: z.number().int().min(0).max(3),
  km: z.number().nonnegative().optional(),
});

export const TicketSchema = z.object({
  id: z.number().int().positive(),
  from: Slug,
  to: Slug,
  points: z.number().int().positive(),
});

export const MapSchema = z.object({
  format: z.literal('ttr-map/1'),
  id: Slug,
  name: z.string().min(1),
  version: z.string().min(1),
  note: z.string().optional(),
  derivation: z.record(z.string(), z.string()).optional(),
  arcticCircleLatitude: z.number(),
  colors: z.array(z.enum(COLOURS)).length(8),
  countries: z.array(z.object({ id: z.string().min(2).max(3), name: z.string().min(1) })).min(1),
  bonusTargets: z.object({ capitals: z.array(Slug).length(4), westernCountry: z.string().min(2).max(3) }),
  cities: z.array(CitySchema).min(2),
  routes: z.array(RouteSchema).min(1),
  tickets: z.array(TicketSchema).min(1),
});

export type MapData = z.infer<typeof MapSchema>;
export type CityData = z.infer<typeof CitySchema>;
export type RouteData = z.infer<typeof RouteSchema>;
export type TicketData = z.infer<typeof TicketSchema>;

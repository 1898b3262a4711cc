/**
 * The web client's stand-in for the rules package's catalogue check (packages/rules/src/catalogue-check.ts),
 * swapped in by vite.config.mts. The page takes the card data as it is: the same JSON file is checked against
 * its schema by the rules' tests and whenever the server loads, and the page decides nothing with it. Leaving
 * the check out keeps zod, its only user in the page, out of the main script.
 */
import type { CatalogueData } from '../../rules/src/catalogue-schema';

export function checkCatalogue(data: unknown): CatalogueData {
  return data as CatalogueData;
}

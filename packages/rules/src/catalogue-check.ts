/**
 * Checks the catalogue data against its schema when the rules load (a bad edit to the JSON stops the server at
 * once, naming the problem). The web client's build swaps this module for one that takes the data as it is
 * (packages/client-web/src/catalogue-trusted.ts): the same file was checked here, by the server and by the
 * tests, and the browser decides nothing with it.
 */
import { CatalogueSchema, type CatalogueData } from './catalogue-schema';

export function checkCatalogue(data: unknown): CatalogueData {
  return CatalogueSchema.parse(data);
}

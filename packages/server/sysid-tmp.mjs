import { PGlite } from '@electric-sql/pglite';
import fs from 'fs';
const a = new PGlite({ loadDataDir: new Blob([fs.readFileSync('/tmp/isle-players-db-template-pglite-0.4.6.tar')]) });
console.log((await a.query('SELECT system_identifier::text AS id FROM pg_control_system()')).rows);
const b = new PGlite({ loadDataDir: new Blob([fs.readFileSync('/tmp/isle-players-db-template-pglite-0.4.6.tar')]) });
console.log((await b.query('SELECT system_identifier::text AS id FROM pg_control_system()')).rows);
const c = new PGlite();
console.log((await c.query('SELECT system_identifier::text AS id FROM pg_control_system()')).rows);

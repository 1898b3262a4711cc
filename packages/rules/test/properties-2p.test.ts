import { runRandomGameProperties } from './properties';
runRandomGameProperties((seed) => ({ players: 2, seed }));

import { runRandomGameProperties } from './properties';
runRandomGameProperties((seed) => ({ players: 4, seed }));

import { runRandomGameProperties } from './properties';
runRandomGameProperties((seed) => ({ players: 3, seed }));

/** The second game's room type, alone (without zod or the rules), for what only needs its name. */
export const TTR_ROOM_NAME = 'ttr';

/**
 * Source of the original Northern Europe map (hand-written design decisions only).
 * build-map.mjs derives everything else (lengths from distance, colours, ticket values) and writes
 * ../data/maps/northern-europe.json (never edit that file by hand). Coordinates: WGS84 city centres, 4
 * decimals (about 10 m), checked against GeoNames with check-coords.mjs (README.md: every city within 2.6 km).
 */

/** The map's version: every stored game pins it (with the file's hash); raise it with any change here. */
/**
 * 1.0.0: the board of 0.1.0-draft unchanged (cities, pairs, colours, tickets), released after its coordinates
 * were checked against GeoNames (every city within 2.6 km) and bots played it at 2–5 players without a
 * problem the figures showed (ttr-rules CATALOGUE.md, "The map at 1.0").
 */
export const MAP_VERSION = '1.0.0';
export const MAP_NOTE = 'Original design: real cities and coordinates, network, colours and tickets made for this project; not the published board. Coordinates checked against GeoNames (every city within 2.6 km); play-tested by bots at 2 to 5 players.';

/** [id, display name, country (ISO 3166-1 alpha-2), latitude, longitude] */
export const CITIES = [
  // Norway
  ['oslo', 'Oslo', 'NO', 59.9139, 10.7522], ['bergen', 'Bergen', 'NO', 60.3913, 5.3221],
  ['stavanger', 'Stavanger', 'NO', 58.9700, 5.7331], ['kristiansand', 'Kristiansand', 'NO', 58.1599, 8.0182],
  ['alesund', 'Ålesund', 'NO', 62.4722, 6.1495], ['lillehammer', 'Lillehammer', 'NO', 61.1153, 10.4662],
  ['trondheim', 'Trondheim', 'NO', 63.4305, 10.3951], ['moirana', 'Mo i Rana', 'NO', 66.3128, 14.1428],
  ['bodo', 'Bodø', 'NO', 67.2804, 14.4049], ['narvik', 'Narvik', 'NO', 68.4385, 17.4272],
  ['tromso', 'Tromsø', 'NO', 69.6492, 18.9553], ['alta', 'Alta', 'NO', 69.9689, 23.2716],
  ['kirkenes', 'Kirkenes', 'NO', 69.7271, 30.0450],
  // Sweden
  ['stockholm', 'Stockholm', 'SE', 59.3293, 18.0686], ['goteborg', 'Göteborg', 'SE', 57.7089, 11.9746],
  ['malmo', 'Malmö', 'SE', 55.6050, 13.0038], ['karlskrona', 'Karlskrona', 'SE', 56.1612, 15.5869],
  ['jonkoping', 'Jönköping', 'SE', 57.7826, 14.1618], ['karlstad', 'Karlstad', 'SE', 59.4022, 13.5115],
  ['sundsvall', 'Sundsvall', 'SE', 62.3908, 17.3069], ['ostersund', 'Östersund', 'SE', 63.1792, 14.6357],
  ['umea', 'Umeå', 'SE', 63.8258, 20.2630], ['lulea', 'Luleå', 'SE', 65.5848, 22.1547],
  ['jokkmokk', 'Jokkmokk', 'SE', 66.6066, 19.8228], ['kiruna', 'Kiruna', 'SE', 67.8558, 20.2253],
  ['visby', 'Visby', 'SE', 57.6348, 18.2948],
  // Finland
  ['helsinki', 'Helsinki', 'FI', 60.1699, 24.9384], ['turku', 'Turku', 'FI', 60.4518, 22.2666],
  ['tampere', 'Tampere', 'FI', 61.4978, 23.7610], ['lappeenranta', 'Lappeenranta', 'FI', 61.0587, 28.1887],
  ['jyvaskyla', 'Jyväskylä', 'FI', 62.2426, 25.7473], ['kuopio', 'Kuopio', 'FI', 62.8924, 27.6770],
  ['vaasa', 'Vaasa', 'FI', 63.0951, 21.6165], ['oulu', 'Oulu', 'FI', 65.0121, 25.4651],
  ['rovaniemi', 'Rovaniemi', 'FI', 66.5039, 25.7294], ['ivalo', 'Ivalo', 'FI', 68.6578, 27.5394],
  ['mariehamn', 'Mariehamn', 'FI', 60.0973, 19.9348],
  // Denmark
  ['kobenhavn', 'København', 'DK', 55.6761, 12.5683], ['odense', 'Odense', 'DK', 55.4038, 10.4024],
  ['aarhus', 'Aarhus', 'DK', 56.1629, 10.2039], ['aalborg', 'Aalborg', 'DK', 57.0488, 9.9217],
  ['ronne', 'Rønne', 'DK', 55.1037, 14.7065],
  // Germany, Poland
  ['hamburg', 'Hamburg', 'DE', 53.5511, 9.9937], ['kiel', 'Kiel', 'DE', 54.3233, 10.1228],
  ['gdansk', 'Gdańsk', 'PL', 54.3520, 18.6466], ['szczecin', 'Szczecin', 'PL', 53.4285, 14.5528],
  // Baltic states
  ['vilnius', 'Vilnius', 'LT', 54.6872, 25.2797], ['klaipeda', 'Klaipėda', 'LT', 55.7033, 21.1443],
  ['riga', 'Rīga', 'LV', 56.9496, 24.1052],
  ['tallinn', 'Tallinn', 'EE', 59.4370, 24.7536], ['tartu', 'Tartu', 'EE', 58.3780, 26.7290],
];

/** The four capitals of the "Capital investment" bonus card (the seed names these four). */
export const CAPITALS = ['stockholm', 'kobenhavn', 'oslo', 'helsinki'];

/**
 * City pairs: [a, b, kind, tracks, drawBonus?]. kind 'rail' = a coloured route over land (bridges and
 * tunnels included); 'ferry' = a gray route across water. tracks: 1, 2 (double) or 3 (triple).
 * drawBonus: the "+X" icon (cards drawn blind after claiming), only on the Norwegian coastal ferries.
 */
export const PAIRS = [
  // Norway
  ['oslo', 'bergen', 'rail', 2], ['oslo', 'kristiansand', 'rail', 2], ['kristiansand', 'stavanger', 'rail', 1],
  ['stavanger', 'bergen', 'ferry', 2, 1], ['bergen', 'alesund', 'ferry', 2, 1], ['alesund', 'trondheim', 'ferry', 1, 1],
  ['alesund', 'lillehammer', 'rail', 1], ['bergen', 'lillehammer', 'rail', 1], ['oslo', 'lillehammer', 'rail', 2],
  ['lillehammer', 'trondheim', 'rail', 2], ['oslo', 'karlstad', 'rail', 3], ['oslo', 'goteborg', 'rail', 2],
  ['trondheim', 'ostersund', 'rail', 2], ['trondheim', 'moirana', 'rail', 1], ['trondheim', 'bodo', 'ferry', 2, 2],
  ['moirana', 'bodo', 'rail', 2], ['moirana', 'jokkmokk', 'rail', 1], ['moirana', 'umea', 'rail', 1],
  ['bodo', 'narvik', 'ferry', 2, 1], ['bodo', 'tromso', 'ferry', 1, 2], ['narvik', 'tromso', 'rail', 2],
  ['narvik', 'kiruna', 'rail', 2], ['tromso', 'alta', 'ferry', 2, 1], ['alta', 'kirkenes', 'rail', 2],
  ['alta', 'ivalo', 'rail', 1], ['kirkenes', 'ivalo', 'rail', 1], ['kiruna', 'alta', 'rail', 1],
  // Skagerrak, Kattegat, western Baltic
  ['kristiansand', 'aalborg', 'ferry', 2], ['stavanger', 'aalborg', 'ferry', 1], ['oslo', 'aalborg', 'ferry', 1],
  ['oslo', 'kiel', 'ferry', 1], ['goteborg', 'aalborg', 'ferry', 2], ['goteborg', 'kiel', 'ferry', 1],
  // Sweden
  ['goteborg', 'karlstad', 'rail', 1], ['goteborg', 'jonkoping', 'rail', 2], ['goteborg', 'malmo', 'rail', 2],
  ['malmo', 'kobenhavn', 'rail', 3], ['malmo', 'jonkoping', 'rail', 1], ['malmo', 'karlskrona', 'rail', 1],
  ['malmo', 'ronne', 'ferry', 1], ['malmo', 'szczecin', 'ferry', 1], ['karlskrona', 'jonkoping', 'rail', 1],
  ['karlskrona', 'gdansk', 'ferry', 1], ['karlskrona', 'visby', 'ferry', 1], ['karlskrona', 'klaipeda', 'ferry', 1],
  ['karlstad', 'jonkoping', 'rail', 1], ['karlstad', 'stockholm', 'rail', 2], ['karlstad', 'ostersund', 'rail', 1],
  ['jonkoping', 'stockholm', 'rail', 2], ['stockholm', 'visby', 'ferry', 2], ['stockholm', 'mariehamn', 'ferry', 2],
  ['stockholm', 'sundsvall', 'rail', 2], ['stockholm', 'tallinn', 'ferry', 1], ['stockholm', 'riga', 'ferry', 1],
  ['visby', 'riga', 'ferry', 1], ['visby', 'klaipeda', 'ferry', 1], ['sundsvall', 'ostersund', 'rail', 2],
  ['sundsvall', 'umea', 'rail', 2], ['sundsvall', 'vaasa', 'ferry', 1], ['ostersund', 'umea', 'rail', 1],
  ['umea', 'vaasa', 'ferry', 2], ['umea', 'lulea', 'rail', 2], ['lulea', 'jokkmokk', 'rail', 1],
  ['lulea', 'oulu', 'rail', 2], ['lulea', 'kiruna', 'rail', 2], ['lulea', 'rovaniemi', 'rail', 1],
  ['jokkmokk', 'kiruna', 'rail', 2], ['kiruna', 'rovaniemi', 'rail', 1],
  // Finland
  ['helsinki', 'tallinn', 'ferry', 2], ['helsinki', 'turku', 'rail', 2], ['helsinki', 'tampere', 'rail', 2],
  ['helsinki', 'lappeenranta', 'rail', 2], ['helsinki', 'mariehamn', 'ferry', 1], ['helsinki', 'jyvaskyla', 'rail', 1],
  ['turku', 'mariehamn', 'ferry', 2], ['turku', 'tampere', 'rail', 2], ['tampere', 'vaasa', 'rail', 2],
  ['tampere', 'jyvaskyla', 'rail', 2], ['jyvaskyla', 'kuopio', 'rail', 2], ['jyvaskyla', 'oulu', 'rail', 1],
  ['jyvaskyla', 'vaasa', 'rail', 1], ['lappeenranta', 'kuopio', 'rail', 1], ['kuopio', 'oulu', 'rail', 1],
  ['vaasa', 'oulu', 'rail', 1], ['oulu', 'rovaniemi', 'rail', 2], ['rovaniemi', 'ivalo', 'rail', 1],
  // Baltic states
  ['tallinn', 'tartu', 'rail', 2], ['tallinn', 'riga', 'rail', 2], ['tartu', 'riga', 'rail', 1],
  ['riga', 'vilnius', 'rail', 2], ['riga', 'klaipeda', 'rail', 1], ['klaipeda', 'vilnius', 'rail', 1],
  ['gdansk', 'vilnius', 'rail', 1],
  // Germany, Poland, Denmark
  ['hamburg', 'kiel', 'rail', 2], ['hamburg', 'szczecin', 'rail', 1], ['hamburg', 'odense', 'rail', 2],
  ['kiel', 'kobenhavn', 'ferry', 1], ['szczecin', 'gdansk', 'rail', 2], ['szczecin', 'ronne', 'ferry', 1],
  ['kobenhavn', 'odense', 'rail', 2], ['odense', 'aarhus', 'rail', 2], ['aarhus', 'aalborg', 'rail', 2],
  ['kobenhavn', 'aarhus', 'ferry', 1], ['kobenhavn', 'ronne', 'ferry', 2],
];

/**
 * Tickets: [a, b], 55 of them (the seed's 180 cards less 114 train cards and 11 bonus cards). Their points are
 * not written here: build-map.mjs sets each to the length of the shortest path in spaces, as the published
 * game's values follow (54 of 55 equal, measured on the BGA transcription; see README.md).
 */
export const TICKETS = [
  ['kobenhavn', 'tromso'], ['hamburg', 'kiruna'], ['stavanger', 'ivalo'], ['kirkenes', 'oslo'], ['gdansk', 'alta'],
  ['lulea', 'hamburg'], ['kobenhavn', 'helsinki'], ['bergen', 'helsinki'], ['narvik', 'stockholm'], ['kirkenes', 'vaasa'],
  ['bodo', 'goteborg'], ['ivalo', 'tallinn'], ['rovaniemi', 'oslo'], ['stavanger', 'tallinn'], ['riga', 'bodo'],
  ['vilnius', 'trondheim'], ['jyvaskyla', 'bergen'], ['kristiansand', 'kiruna'], ['szczecin', 'umea'], ['lulea', 'riga'],
  ['oslo', 'helsinki'], ['stockholm', 'kobenhavn'], ['bergen', 'stockholm'], ['oslo', 'kobenhavn'], ['vilnius', 'helsinki'],
  ['gdansk', 'oslo'], ['riga', 'kobenhavn'], ['szczecin', 'stockholm'], ['klaipeda', 'helsinki'], ['kiel', 'riga'],
  ['visby', 'tartu'], ['trondheim', 'stockholm'], ['jokkmokk', 'trondheim'], ['ostersund', 'kristiansand'], ['alesund', 'goteborg'],
  ['umea', 'bergen'], ['oulu', 'tallinn'], ['moirana', 'sundsvall'], ['karlskrona', 'turku'], ['ronne', 'tampere'],
  ['oslo', 'stockholm'], ['tromso', 'kirkenes'], ['aalborg', 'karlstad'], ['tartu', 'turku'], ['aarhus', 'goteborg'],
  ['mariehamn', 'tallinn'], ['kiruna', 'oulu'], ['lillehammer', 'goteborg'], ['karlstad', 'kobenhavn'], ['odense', 'malmo'],
  ['jonkoping', 'kiel'], ['kuopio', 'tallinn'], ['lappeenranta', 'turku'], ['helsinki', 'stockholm'], ['narvik', 'jokkmokk'],
];

/**
 * Drawing only: moves (in map units, the map being 1000 wide) applied to a city's projected position so
 * that the densest corner stays legible (København and Malmö are 28 km apart). Never used for rules.
 */
export const DRAW_NUDGE = { kobenhavn: [-23, -6], malmo: [19, -28] };

/**
 * Versioned migrations, run in order on start (Kysely's Migrator records which ran). Never edit a
 * migration that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const m001: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('players')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.unique())
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'text', (c) => c.notNull().references('players.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.createIndex('sessions_player').on('sessions').column('player_id').execute();
    await db.schema.createTable('games')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('started_at', 'timestamptz')
      .addColumn('finished_at', 'timestamptz', (c) => c.notNull())
      .addColumn('player_count', 'integer', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('rated', 'boolean', (c) => c.notNull())
      .addColumn('options', 'jsonb', (c) => c.notNull())
      .addColumn('seed', 'text', (c) => c.notNull())
      .addColumn('actions', 'jsonb', (c) => c.notNull())
      .addColumn('result', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('games_finished').on('games').column('finished_at').execute();
    await db.schema.createTable('game_players')
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.references('players.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('bot_level', 'text')
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('place', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_players_pk', ['game_id', 'seat'])
      .execute();
    await db.schema.createIndex('game_players_player').on('game_players').column('player_id').execute();
    await db.schema.createTable('ratings')
      .addColumn('player_id', 'text', (c) => c.notNull().references('players.id').onDelete('cascade'))
      .addColumn('grp', 'text', (c) => c.notNull())
      .addColumn('mu', 'double precision', (c) => c.notNull())
      .addColumn('sigma', 'double precision', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('ratings_pk', ['player_id', 'grp'])
      .execute();
    await db.schema.createTable('chat')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer')
      .addColumn('player_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('chat_game').on('chat').columns(['game_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['chat', 'ratings', 'game_players', 'games', 'sessions', 'players']) await db.schema.dropTable(t).execute();
  },
};

/**
 * The leaderboard reads a group's best ratings in order (the displayed rating rises with openskill's ordinal,
 * mu - 3·sigma): an index on that expression lets it read the top rows instead of sorting the whole group.
 */
const m002: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX ratings_board ON ratings (grp, (mu - 3 * sigma) DESC, games DESC)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('ratings_board').execute();
  },
};

/**
 * The site hosts a second game: each archived game says which it was (the games already archived were all
 * Isle of Trains), and the public list can be read per game along an index.
 */
const m003: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('games').addColumn('game', 'text', (c) => c.notNull().defaultTo('isle')).execute();
    await db.schema.createIndex('games_game_finished').on('games').columns(['game', 'finished_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('games_game_finished').execute();
    await db.schema.alterTable('games').dropColumn('game').execute();
  },
};

/**
 * Private tables stay private after their end: `private` keeps them out of the public lists, and
 * `share_key_hash` (SHA-256 of the key the room gave its seated players) opens their replay
 * (src/players/private-games.ts). Games archived before this migration read as public: their create options
 * were not archived, so which were private cannot be told.
 */
const m004: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('games').addColumn('private', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.alterTable('games').addColumn('share_key_hash', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('games').dropColumn('share_key_hash').execute();
    await db.schema.alterTable('games').dropColumn('private').execute();
  },
};

/**
 * The coach's analyses are kept with the game, so a restart or another instance serves them instead of
 * computing them again (src/coach/coach-store.ts). The analysis is text rather than jsonb: it is served as
 * it was written, and a damaged row must still read back (as text that fails the check) to be replaced.
 */
const m005: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('coach_analyses')
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('coach_version', 'text', (c) => c.notNull())
      .addColumn('analysis', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('coach_analyses_pk', ['game_id', 'seat', 'coach_version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('coach_analyses').execute();
  },
};

/**
 * An analysis being computed is recorded too, with its server, start and progress, so that another server
 * of the same database answers with that progress instead of computing it a second time, and takes it over
 * when its server stops updating it (src/coach/coach-store.ts, `claimRun`). The row goes when the analysis
 * is stored or fails.
 */
const m006: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('coach_runs')
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('coach_version', 'text', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('coach_runs_pk', ['game_id', 'seat', 'coach_version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('coach_runs').execute();
  },
};

/** Migrations by name; names sort in the order they run. */
export const MIGRATIONS: Record<string, Migration> = {
  '001_players_games_ratings_chat': m001,
  '002_leaderboard_index': m002,
  '003_games_game': m003,
  '004_private_games': m004,
  '005_coach_analyses': m005,
  '006_coach_runs': m006,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

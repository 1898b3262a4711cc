/**
 * The first-game tour's steps, in the project's own words: what each one says and what it points at (the first
 * of `at` that is on screen; a phone shows one tab at a time, so a step also names the tab button to fall back to).
 * Pure data: the tour (./tutorial.ts) only points and explains, it never moves for the player.
 */
export interface TourStep {
  title: string;
  /** Plain sentences; `{cost}`, `{weight}`, `{vp}`, `{draw}` become the icon with its word beside it. */
  text: string;
  /** CSS selectors, tried in order; none found on screen means the panel stands alone in the middle. */
  at: string[];
  /** The step offers the "words beside the icons" switch. */
  words?: boolean;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    title: 'Welcome aboard',
    text: 'This tour shows you around your first turns, one thing at a time. You make every move yourself: the tour only points. Skip it whenever you like; it stays in "How to play here".',
    at: [],
  },
  {
    title: 'Your train',
    text: 'This is your train, engine first. During the game you add cars to it and fill them with goods and passengers. Whoever has the most points at the end wins.',
    at: ['.player.me .train', '.player.me'],
  },
  {
    title: 'Two actions a turn',
    text: 'You have two actions each turn. This line always says what the game is waiting for, and everything you may click right now has an orange outline.',
    at: ['.dock .prompt'],
  },
  {
    title: 'Your hand',
    text: 'Cards do three jobs: you build them into your train, you spend them to pay for a build, and you load them onto a car as a good (the small mark in a card\'s top corner says which good).',
    at: ['.hand-wrap'],
  },
  {
    title: 'Reading a card',
    text: 'The icons on a card: {cost} is what it takes to build, {weight} is how much of your engine\'s pull it uses, {vp} counts at the end, and the shaded row says what loading a good there gives, like {draw} cards to draw. Point at, focus or tap any card to read all of it in words.',
    at: ['.hand .card', '.display-cards .card'],
    words: true,
  },
  {
    title: 'Take a card',
    text: 'A simple first action: take one of these face-up cards, or draw one blind from the deck. Pick one with an outline when it is your turn.',
    at: ['.display-cards', '.supply-row'],
  },
  {
    title: 'Build',
    text: 'To grow your train, pick a car in your hand, choose Build, then pay its cost with other cards from your hand. Your engine has to be strong enough to pull the new weight.',
    at: ['.player.me .train', '.hand-wrap'],
  },
  {
    title: 'Load',
    text: 'To load, pick a card in your hand and then a car with room for that good. Whoever loads gets the car\'s bonus, so with other players, loading onto their train pays you too.',
    at: ['.player.me .train'],
  },
  {
    title: 'The island',
    text: 'Deliver goods from your train to an island to complete its contracts, and passengers to their destination\'s ticket. Most of the points come from here. On a phone it is under the Island tab.',
    at: ['.map', '[data-fkey="tab-map"]'],
  },
  {
    title: 'Have a good trip',
    text: 'The log says what everyone did. "How to play here" has the keys, the words-for-icons switch and this tour again. Your move!',
    at: ['.log', '[data-fkey="tab-log"]'],
  },
];

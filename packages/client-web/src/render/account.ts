/** The lobby's account panel: who this browser plays as, claiming an account, signing in and out, ratings. */
import type { PlayerInfo, RatingRow } from '../players/identity';
import { h } from './dom';

export type AccountMode = 'none' | 'claim' | 'signin';

export interface AccountView {
  player: PlayerInfo | null;
  signedIn: boolean;
  ratings: RatingRow[];
  /** Why there is no identity (players' database off or unreachable), or null. */
  unavailable: string | null;
  mode: AccountMode;
  username: string;
  password: string;
  busy: boolean;
  /** A refusal or a confirmation to show (role=status / alert). */
  message: { text: string; error: boolean } | null;
}

export interface AccountActions {
  mode(m: AccountMode): void;
  input(patch: { username?: string; password?: string }): void;
  submit(): void;
  signOut(): void;
  signOutEverywhere(): void;
}

export const GROUP_LABEL: Record<string, string> = { '2p': '2 players', '3-4p': '3–4 players' };

/** "1043 (2 players, 5 games)" for each group the player is rated in. */
export function ratingsText(ratings: RatingRow[]): string {
  return ratings.map((r) => `${Math.round(r.rating)} (${GROUP_LABEL[r.group] ?? r.group}, ${r.games} game${r.games === 1 ? '' : 's'})`).join(' · ');
}

/** The players' pages: this player's own, the leaderboard, recent games (plain links: each is its own page). */
export function pageLinks(playerId: string | null): HTMLElement {
  return h('nav', { class: 'page-links', 'aria-label': 'Players and games' },
    playerId ? h('a', { href: `/?player=${encodeURIComponent(playerId)}`, id: 'my-page' }, 'Your games and ratings') : null,
    h('a', { href: '/?leaderboard=2p', id: 'leaderboard-link' }, 'Leaderboard'),
    h('a', { href: '/?games=recent', id: 'recent-link' }, 'Recent games'));
}

export const RATED_RULE = 'Games between players signed in to accounts, with no bots, are rated. Leaving a rated game for good (leaving it on purpose, or not coming back before the reconnection time runs out) counts as a loss.';

export function renderAccount(v: AccountView, a: AccountActions): HTMLElement {
  const msg = v.message ? h('p', { class: v.message.error ? 'error' : 'ok-text', role: v.message.error ? 'alert' : 'status', id: 'account-message' }, v.message.text) : null;
  if (!v.player) {
    return h('section', { class: 'panel account', 'aria-label': 'Account', 'data-fkey': 'account' },
      h('h2', null, 'Account'),
      h('p', { class: 'muted' }, v.unavailable ?? 'Getting you an identity…'), msg);
  }
  const who = v.signedIn
    ? h('p', { id: 'account-who' }, 'Signed in as ', h('strong', null, v.player.name), v.player.username && v.player.username !== v.player.name ? ` (account ${v.player.username})` : '')
    : h('p', { id: 'account-who' }, 'Playing as ', h('strong', null, v.player.name), ' (guest on this browser)');
  const ratings = v.ratings.length > 0
    ? h('p', { id: 'my-ratings' }, h('b', null, 'Rating: '), ratingsText(v.ratings))
    : h('p', { class: 'muted', id: 'my-ratings' }, v.signedIn ? 'No rated games yet.' : 'Guests are not rated: create an account to play rated games.');
  const form = v.mode === 'none' ? null : h('form', {
    class: 'account-form', 'data-fkey': `form-${v.mode}`,
    onsubmit: (e: Event) => { e.preventDefault(); a.submit(); },
  },
  h('div', { class: 'field' }, h('label', { for: 'acc-user' }, 'Username'),
    h('input', { id: 'acc-user', type: 'text', value: v.username, autocomplete: 'username', maxlength: '20', required: true, 'aria-describedby': v.mode === 'claim' ? 'acc-user-hint' : undefined, oninput: (e: Event) => a.input({ username: (e.target as HTMLInputElement).value }) }),
    v.mode === 'claim' ? h('span', { class: 'hint-text', id: 'acc-user-hint' }, '3–20 of a–z, 0–9, _ and -') : null),
  h('div', { class: 'field' }, h('label', { for: 'acc-pass' }, 'Password'),
    h('input', { id: 'acc-pass', type: 'password', value: v.password, autocomplete: v.mode === 'claim' ? 'new-password' : 'current-password', minlength: v.mode === 'claim' ? '10' : undefined, maxlength: '200', required: true, 'aria-describedby': v.mode === 'claim' ? 'acc-pass-hint' : undefined, oninput: (e: Event) => a.input({ password: (e.target as HTMLInputElement).value }) }),
    v.mode === 'claim' ? h('span', { class: 'hint-text', id: 'acc-pass-hint' }, 'At least 10 characters') : null),
  h('div', { class: 'row' },
    h('button', { type: 'submit', class: 'primary', id: 'acc-submit', disabled: v.busy }, v.mode === 'claim' ? 'Create the account' : 'Sign in'),
    h('button', { type: 'button', class: 'linkish', onclick: () => a.mode('none') }, 'Cancel')));
  const buttons = v.signedIn
    ? h('div', { class: 'row' },
      h('button', { type: 'button', id: 'sign-out', disabled: v.busy, onclick: a.signOut }, 'Sign out'),
      h('button', { type: 'button', id: 'sign-out-everywhere', disabled: v.busy, onclick: a.signOutEverywhere }, 'Sign out everywhere'))
    : v.mode === 'none'
      ? h('div', { class: 'row' },
        h('button', { type: 'button', id: 'claim-open', onclick: () => a.mode('claim') }, 'Create an account'),
        h('button', { type: 'button', id: 'signin-open', class: 'linkish', onclick: () => a.mode('signin') }, 'Sign in to an account'))
      : null;
  return h('section', { class: 'panel account', 'aria-label': 'Account', 'data-fkey': 'account' },
    h('h2', null, 'Account'), who, ratings,
    !v.signedIn && v.mode === 'none' ? h('p', { class: 'hint-text' }, 'An account keeps your games and rating, and lets you sign in from another browser.') : null,
    form, buttons, msg,
    pageLinks(v.player.id),
    h('p', { class: 'hint-text', id: 'rated-rule' }, RATED_RULE));
}

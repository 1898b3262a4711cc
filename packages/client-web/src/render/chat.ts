/**
 * The table chat panel. Every line is the players' own text: it goes into the page only as text nodes
 * (h() children), never as HTML.
 */
import { authorKey, CHAT_MAX, type TableChat } from '../players/chat';
import type { IsleStateJSON } from '@isle-of-trains/client';
import { cx, h } from './dom';

export interface ChatActions {
  draft(text: string): void;
  send(): void;
  mute(key: string): void;
}

/** The chat kept with a finished game, read-only (the replay viewer). */
export function chatRecord(lines: { seat: number | null; name: string; text: string }[]): HTMLElement {
  return h('section', { class: 'chat', 'aria-label': 'Table chat of this game', 'data-fkey': 'chat' },
    h('h2', null, 'Chat'),
    h('ol', { class: 'chat-list', id: 'replay-chat', tabindex: '0', 'aria-label': 'Chat messages' },
      lines.length === 0 ? h('li', { class: 'muted' }, 'Nobody wrote in the chat.')
        : lines.map((l) => h('li', null, h('span', { class: 'chat-who' }, l.name, l.seat === null ? ' (watching)' : ''), ': ', h('span', { class: 'chat-text' }, l.text)))));
}

export function chatPanel(chat: TableChat, room: IsleStateJSON | null, mySeat: number | null, a: ChatActions): HTMLElement {
  let hidden = 0;
  const items: HTMLElement[] = [];
  chat.lines.forEach((line, i) => {
    const key = authorKey(line, room);
    const mine = mySeat !== null && line.seat === mySeat;
    const muted = !mine && chat.isMuted(key);
    if (muted) {
      hidden++;
      return;
    }
    items.push(h('li', { class: cx({ mine }), 'data-fkey': `chat-${i}` },
      h('span', { class: 'chat-who' }, line.name, line.seat === null ? ' (watching)' : ''), ': ',
      h('span', { class: 'chat-text' }, line.text),
      mine ? null : h('button', { type: 'button', class: 'linkish mute', 'data-fkey': `mute-${i}`, 'aria-label': `Mute ${line.name}`, onclick: () => a.mute(key) }, 'mute')));
  });
  const mutedHere = [...new Map(chat.lines.map((l) => [authorKey(l, room), l.name])).entries()].filter(([k]) => chat.isMuted(k));
  const over = chat.draft.length > CHAT_MAX;
  return h('section', { class: 'chat', 'aria-label': 'Table chat', 'data-fkey': 'chat' },
    h('h2', null, 'Chat'),
    h('ol', { class: 'chat-list', 'data-fkey': 'chat-list', 'aria-live': 'polite', tabindex: '0', 'aria-label': 'Chat messages' },
      items.length === 0 ? h('li', { class: 'muted' }, 'No messages yet.') : items),
    hidden > 0 ? h('p', { class: 'muted chat-note' }, `${hidden} message${hidden === 1 ? '' : 's'} from muted players hidden.`) : null,
    mutedHere.length > 0 ? h('p', { class: 'chat-note' }, 'Muted: ', mutedHere.map(([k, name]) => h('button', { type: 'button', class: 'linkish', 'data-fkey': `unmute-${k}`, 'aria-label': `Unmute ${name}`, onclick: () => a.mute(k) }, `${name} (unmute)`))) : null,
    h('form', {
      class: 'chat-form',
      onsubmit: (e: Event, form: HTMLElement) => {
        e.preventDefault();
        a.send();
        // The page keeps a focused input's text across renders (render/dom.ts): a sent line is cleared here.
        const input = form.querySelector('input');
        if (input) input.value = chat.draft;
      },
    },
      h('label', { for: 'chat-input', class: 'sr' }, 'Message to the table'),
      h('input', { id: 'chat-input', type: 'text', value: chat.draft, autocomplete: 'off', placeholder: 'Say something to the table', 'aria-describedby': 'chat-notice', 'aria-invalid': over ? 'true' : undefined, oninput: (e: Event) => a.draft((e.target as HTMLInputElement).value) }),
      // Not `disabled` while the draft is empty: a disabled submit button blocks Enter in the input, and the
      // render that would enable it can come after a quick paste-and-Enter (the line was then lost). An empty
      // line is simply not sent (chat.ts take()).
      h('button', { type: 'submit', id: 'chat-send', 'aria-disabled': chat.draft.trim().length === 0 ? 'true' : undefined }, 'Send')),
    h('p', { id: 'chat-notice', class: cx('chat-notice', { error: !!chat.notice || over }), role: 'status' },
      over ? `${chat.draft.length}/${CHAT_MAX} characters: too long to send.` : chat.notice ?? (chat.draft.length > CHAT_MAX - 50 ? `${chat.draft.length}/${CHAT_MAX} characters` : '')));
}

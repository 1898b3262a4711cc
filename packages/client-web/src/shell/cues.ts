/** "Your turn" cues: a short two-note sound (off unless switched on) and a notification while the tab is hidden. */

/** The two notes, on `audio` (made on first use: a browser allows it only after the player has interacted). */
export function beep(holder: { audio: AudioContext | null }): void {
  try {
    const audio = (holder.audio ??= new AudioContext());
    const t = audio.currentTime;
    for (const [i, f] of [660, 880].entries()) {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + i * 0.14);
      g.gain.exponentialRampToValueAtTime(0.15, t + i * 0.14 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.14 + 0.13);
      o.connect(g).connect(audio.destination);
      o.start(t + i * 0.14);
      o.stop(t + i * 0.14 + 0.14);
    }
  } catch {
    /* no audio here: the cue is optional */
  }
}

export function notifyTurn(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const n = new Notification('Isle of Trains', { body: 'It is your turn.', tag: 'isle-your-turn' });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    /* some browsers only allow notifications from a service worker */
  }
}

/** The sound and alert switches (kept in localStorage) and the cue when the turn becomes this seat's. */
export class Cues {
  sound: boolean;
  notify: boolean;
  audio: AudioContext | null = null;
  private wasMine = false;

  constructor(private readonly kv: Storage, private readonly changed: () => void) {
    this.sound = kv.getItem('iot.sound') === 'on';
    this.notify = kv.getItem('iot.notify') !== 'off' && typeof Notification !== 'undefined' && Notification.permission === 'granted';
  }

  /** Called with every state: the sound and the hidden tab's notification when the turn has just come to this seat. */
  turn(mine: boolean): void {
    if (mine && !this.wasMine) {
      if (this.sound) beep(this);
      if (this.notify && document.hidden) notifyTurn();
    }
    this.wasMine = mine;
  }

  toggleSound(): void {
    this.sound = !this.sound;
    this.kv.setItem('iot.sound', this.sound ? 'on' : 'off');
    if (this.sound) beep(this);
    this.changed();
  }

  toggleNotify(): void {
    if (this.notify) {
      this.notify = false;
      this.kv.setItem('iot.notify', 'off');
      this.changed();
    } else if (typeof Notification !== 'undefined') {
      void Notification.requestPermission().then((p) => {
        this.notify = p === 'granted';
        this.kv.setItem('iot.notify', this.notify ? 'on' : 'off');
        this.changed();
      });
    }
  }
}

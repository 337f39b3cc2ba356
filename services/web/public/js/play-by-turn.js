/**
 * Play-by-turn on the table: each seat's clock counting down (redrawn every second from the
 * deadline the API gave, no refetch), Resign with a confirmation, Cancel (the creator, before the
 * start), Offer / Accept / Decline a rematch after the end, the claim-or-wait choices when a seat
 * ran out of time under onTimeout ASK, and an optional beep when the turn comes to the player.
 */
import { errorText } from './errors.js';
import { gql } from './api.js';
import { h } from './dom.js';
import { lang, t } from './i18n.js';
import { clockText, isLow, leftOf } from './clocks.js';
import { store } from './seats.js';
import { seatName } from './names.js';

/** The seats' clocks; `.clock[data-deadline]` elements are the ones tickClocks redraws. */
export function clocksBar(g, name) {
  if (!g.clocks?.length) return null;
  return h(
    'ul.clocks',
    { 'aria-label': t('clocks') },
    g.clocks.map((c) => {
      const left = leftOf(c);
      const low = c.deadline && !c.pausedUntil && isLow(left, c.remainingMs);
      return h(
        'li',
        { class: [c.deadline ? 'running' : '', low ? 'low' : '', c.seat === g.seat ? 'mine' : ''].join(' '), dataset: { seat: c.seat } },
        h('span.clock-name', {}, name(c.seat)),
        ' ',
        h('span.clock', { dataset: c.deadline ? { deadline: c.deadline, budget: c.remainingMs } : {}, role: 'timer' }, c.pausedUntil ? t('onVacation') : clockText(left)),
        h('span.low-note', { 'aria-live': 'polite' }, low ? ` ${t('lowTime')}` : ''),
        g.timeoutClaim?.seat === c.seat ? h('span.tag.late', {}, t('outOfTime')) : null,
      );
    }),
  );
}

/** Redraws every running clock under `root` each second, marks low ones, and warns on the player's own; returns the stop function. */
export function tickClocks(root) {
  const title = document.title;
  const warned = new Set(); // deadlines already beeped for
  const tick = () => {
    let mineLow = null;
    for (const el of root.querySelectorAll('.clock[data-deadline]')) {
      const left = Date.parse(el.dataset.deadline) - Date.now();
      el.textContent = clockText(left);
      const low = isLow(left, Number(el.dataset.budget));
      const li = el.closest('li');
      li?.classList.toggle('low', low);
      const note = li?.querySelector('.low-note');
      if (note && note.textContent !== (low ? ` ${t('lowTime')}` : '')) note.textContent = low ? ` ${t('lowTime')}` : '';
      if (low && li?.classList.contains('mine')) {
        mineLow = left;
        if (!warned.has(el.dataset.deadline)) warned.add(el.dataset.deadline), lowTimeCue();
      }
    }
    document.title = mineLow === null ? title : `⏰ ${clockText(mineLow).replace(/[\u2066\u2069]/g, '')} — ${title}`;
  };
  tick();
  const timer = setInterval(tick, 1000);
  return () => {
    clearInterval(timer);
    document.title = title;
  };
}

/** Two short low beeps when the player's own time runs low, if sound is on. */
function lowTimeCue() {
  if (!store.turnSound) return;
  beep([440, 330]);
  document.body.dataset.lowTimeBeeps = String(Number(document.body.dataset.lowTimeBeeps ?? 0) + 1);
}

/**
 * The table's play-by-turn actions for the caller's seat. `ctx`: { token, seat, state, render }.
 * `state.pbt` keeps the confirmation, the error and whether this page asked for the rematch.
 */
export function pbtActions(g, ctx) {
  const { seat, state, render } = ctx;
  const pbt = (state.pbt ??= { confirming: false, error: null, wantRematch: false });
  const player = store.player?.token;
  const run = (query, variables, token, after) => async () => {
    pbt.error = null;
    try {
      await gql(query, { id: g.id, ...variables }, token);
      after?.();
    } catch (e) {
      pbt.error = errorText(e);
    }
    render();
  };
  // Both pages that took part land on the rematch once it exists.
  if (g.rematch && pbt.wantRematch && seat !== null) queueMicrotask(() => (location.hash = `#/game/${g.rematch}`));
  const parts = [];
  const s = g.status;
  const started = g.players.length === g.seats;
  if (!started && store.seatIn(g.id)?.created && player) parts.push(h('button.cancel-game', { onclick: run('mutation($id: ID!) { cancelGame(gameId: $id) { id } }', {}, player) }, t('cancelGame')));
  if (started && !s.over && seat !== null && !g.players.find((p) => p.seat === seat)?.bot) {
    if (!pbt.confirming) parts.push(h('button.resign', { onclick: () => ((pbt.confirming = true), render()) }, t('resign')));
    else
      parts.push(
        h(
          'div.confirm',
          { role: 'alertdialog', 'aria-label': t('resign') },
          h('span', {}, t('resignConfirm')),
          ' ',
          h('button.resign-yes', { onclick: run('mutation($id: ID!) { resign(gameId: $id) { id } }', {}, ctx.token, () => (pbt.confirming = false)) }, t('resignYes')),
          ' ',
          h('button.resign-no', { onclick: () => ((pbt.confirming = false), render()) }, t('keepPlaying')),
        ),
      );
  }
  if (s.over && seat !== null && player && !g.status.phase?.startsWith('cancel')) parts.push(rematch(g, seat, pbt, run, player));
  if (seat !== null && !s.over) parts.push(turnSoundSwitch());
  const claim = claimChoices(g, seat, run, ctx.token);
  return h('div.pbt', {}, claim, parts.length ? h('div.pbt-actions', {}, parts) : null, pbt.error ? h('p.error', { role: 'alert' }, pbt.error) : null);
}

function rematch(g, seat, pbt, run, player) {
  const offer = g.rematchOffer;
  const offerIt = run('mutation($id: ID!) { offerRematch(gameId: $id) { id } }', {}, player, () => (pbt.wantRematch = true));
  if (g.rematch) return h('a.button.open-rematch', { href: `#/game/${g.rematch}` }, t('openRematch'));
  if (!offer || offer.declined.length || Date.parse(offer.expiresAt) < Date.now()) {
    return h('span.rematch', {}, offer?.declined.length ? h('span.muted', {}, t('rematchDeclined') + ' ') : null, h('button.offer-rematch', { onclick: offerIt }, t('offerRematch')));
  }
  if (offer.accepted.includes(seat)) return h('span.rematch.muted', { role: 'status' }, t('rematchWaiting'));
  const answer = (accept) => run('mutation($id: ID!, $a: Boolean!) { answerRematch(gameId: $id, accept: $a) { id } }', { a: accept }, player, () => (pbt.wantRematch = accept));
  return h('span.rematch', { role: 'group', 'aria-label': t('rematchOffered') }, h('span', {}, t('rematchOffered') + ' '), h('button.accept-rematch.primary', { onclick: answer(true) }, t('acceptRematch')), ' ', h('button.decline-rematch', { onclick: answer(false) }, t('declineRematch')));
}

/** The claim-or-wait question: choices for a seat that may answer, a note for the others. */
function claimChoices(g, seat, run, token) {
  const claim = g.timeoutClaim;
  if (!claim) return null;
  const who = seatName(g.players, claim.seat, lang());
  if (!claim.answerers.includes(seat)) return h('p.banner.claim-note', { role: 'status' }, `${who} ${t('claimWaiting')}`);
  const choose = (choice) => run('mutation($id: ID!, $c: TimeoutClaim!) { claimTimeout(gameId: $id, choice: $c) { id } }', { c: choice }, token);
  return h(
    'div.claim',
    { role: 'group', 'aria-label': `${who} ${t('claimAsk')}` },
    h('p', {}, `${who} ${t('claimAsk')}`),
    ['BOT', 'END', 'WAIT'].map((c) => h(`button.claim-${c.toLowerCase()}`, { onclick: choose(c), dataset: { choice: c } }, t(`claim${c}`))),
  );
}

/** A tiny beep (WebAudio, generated here) when the turn comes to the player, if they turned it on. */
export function turnCue(before, after) {
  const mine = (g) => g && g.seat !== null && !g.status.over && g.status.toMove.includes(g.seat);
  if (!store.turnSound || !after || mine(before) || !mine(after) || !before) return;
  beep([880]);
  document.body.dataset.beeped = String(Number(document.body.dataset.beeped ?? 0) + 1);
}

/** Short tones one after another (WebAudio, generated here); silent without an audio device. */
function beep(frequencies) {
  try {
    const audio = new AudioContext();
    frequencies.forEach((f, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      const at = audio.currentTime + i * 0.3;
      tone.frequency.value = f;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.25);
      if (i === frequencies.length - 1) tone.onended = () => audio.close();
    });
  } catch {
    // No audio device: the page says it anyway.
  }
}

/** The setting: a beep on my turn (off by default). */
export function turnSoundSwitch() {
  return h('label.turn-sound', {}, h('input', { type: 'checkbox', checked: store.turnSound, onchange: (e) => (store.turnSound = e.target.checked) }), ' ', t('turnSound'));
}

/**
 * Play-by-turn on the table: each seat's clock counting down (redrawn every second from the
 * deadline the API gave, no refetch), Resign with a confirmation, Cancel (the creator, before the
 * start), Offer / Accept / Decline a rematch after the end, the claim-or-wait choices when a seat
 * ran out of time under onTimeout ASK, and an optional beep when the turn comes to the player.
 */
import { gql } from './api.js';
import { h } from './dom.js';
import { lang, t } from './i18n.js';
import { digits } from './numerals.js';
import { store } from './seats.js';

const pad = (n) => String(n).padStart(2, '0');

/** "1d 04:05:06", "04:05:06", in the page's digits; the time kept left-to-right (isolated) inside Persian text. */
export function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86400);
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  const time = `\u2066${hms}\u2069`;
  return digits(days ? `${days}${lang() === 'fa' ? ' ' : ''}${t('days')} ${time}` : time, lang());
}

/** What a clock shows now: a running one counts down to its deadline. */
const leftOf = (c) => (c.deadline ? Date.parse(c.deadline) - Date.now() : c.remainingMs);

/** The seats' clocks; `.clock[data-deadline]` elements are the ones tickClocks redraws. */
export function clocksBar(g, name) {
  if (!g.clocks?.length) return null;
  return h(
    'ul.clocks',
    { 'aria-label': t('clocks') },
    g.clocks.map((c) =>
      h(
        'li',
        { class: c.deadline ? 'running' : '', dataset: { seat: c.seat } },
        h('span.clock-name', {}, name(c.seat)),
        ' ',
        h('span.clock', { dataset: c.deadline ? { deadline: c.deadline } : {}, role: 'timer' }, c.pausedUntil ? t('onVacation') : clockText(leftOf(c))),
        g.timeoutClaim?.seat === c.seat ? h('span.tag.late', {}, t('outOfTime')) : null,
      ),
    ),
  );
}

/** Redraws every running clock under `root` each second; returns the stop function. */
export function tickClocks(root) {
  const timer = setInterval(() => {
    for (const el of root.querySelectorAll('.clock[data-deadline]')) el.textContent = clockText(Date.parse(el.dataset.deadline) - Date.now());
  }, 1000);
  return () => clearInterval(timer);
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
      pbt.error = `${e.code ?? t('error')}: ${e.message}`;
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
  const who = g.players.find((p) => p.seat === claim.seat)?.name ?? `${t('seat')} ${claim.seat + 1}`;
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
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => audio.close();
    document.body.dataset.beeped = String(Number(document.body.dataset.beeped ?? 0) + 1);
  } catch {
    // No audio device: the banner says it anyway.
  }
}

/** The setting: a beep on my turn (off by default). */
export function turnSoundSwitch() {
  return h('label.turn-sound', {}, h('input', { type: 'checkbox', checked: store.turnSound, onchange: (e) => (store.turnSound = e.target.checked) }), ' ', t('turnSound'));
}

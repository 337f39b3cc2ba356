/**
 * The environment's wire protocol, as one function from a request to a reply, so the stdin/stdout
 * server (server.ts) and the tests share it. One JSON object a line each way; every request may
 * carry an `id` that the reply repeats. Batched requests (`vstep`, `turn`) exist because a round
 * trip costs far more than a step: a learner steps many games per line, or lets the bots play
 * until its own turn.
 *
 * A step reply (`Step`): `player` (the seat to act, -4 at the end), `legal` (the legal tokens),
 * the observation of the seat to act as `o1` (indices holding 1) and `ox` (index, value pairs of
 * the other non-zero entries), and at the end `done`, `returns`, `scores`, `winners` and
 * `final` (every seat's observation then, in the same sparse form).
 */
import { botFor } from '../bots/kinds.js';
import type { Bot } from '../engine/core/index.js';
import { CloneableRng, seedOf } from './rng.js';
import { EnvError, EnvSpec, EnvState, TERMINAL } from './state.js';
import { envGames } from './spaces.js';

/** Limits: every door has one. */
export const MAX_ENVS = 4096;
export const MAX_BATCH = 1024;
export const MAX_LINE = 1 << 20;
/** Bot moves one `turn` request may play before it gives up (a game that loops among bots). */
const MAX_BOT_MOVES = 10_000;

type Sparse = {
  o1: number[];
  ox: number[];
};
export type Step = Sparse & {
  player: number;
  legal: number[];
  done?: true;
  returns?: number[];
  scores?: number[];
  winners?: number[];
  final?: Sparse[];
};

interface Slot {
  state: EnvState;
  /** Bots by seat, for `turn` (null: that seat is the learner's). */
  bots: (Bot | null)[] | null;
  botRng: CloneableRng;
  seed: number;
  games: number;
}

export class Session {
  private slots = new Map<number, Slot>();
  private next = 1;
  private obs(state: EnvState, seat: number): Sparse {
    return state.observationSparse(seat);
  }

  private step(state: EnvState): Step {
    const player = state.currentPlayer();
    if (player === TERMINAL) {
      const r = state.result()!;
      const final = Array.from({ length: state.numPlayers() }, (_, p) => this.obs(state, p));
      return { player, legal: [], o1: [], ox: [], done: true, returns: state.returns(), scores: r.scores, winners: r.winners, final };
    }
    return { player, legal: state.legalActions(), ...this.obs(state, player) };
  }

  private slot(id: unknown): Slot {
    const s = typeof id === 'number' ? this.slots.get(id) : undefined;
    if (!s) throw new EnvError('ENV_NO_SUCH_ENV', `no environment ${JSON.stringify(id)}`);
    return s;
  }

  private open(state: EnvState, seed: number, opponents: unknown, learner: unknown): number {
    if (this.slots.size >= MAX_ENVS) throw new EnvError('ENV_TOO_MANY', `at most ${MAX_ENVS} environments per process`);
    let bots: (Bot | null)[] | null = null;
    if (opponents !== undefined && opponents !== null) {
      if (typeof opponents !== 'string') throw new EnvError('ENV_BAD_REQUEST', 'opponents: a bot spec such as "greedy", "random" or "search:1"');
      const seat = typeof learner === 'number' ? learner : 0;
      if (!Number.isInteger(seat) || seat < 0 || seat >= state.numPlayers()) throw new EnvError('ENV_BAD_SEAT', `no seat ${String(learner)}`);
      bots = Array.from({ length: state.numPlayers() }, (_, p) => (p === seat ? null : botFor(state.game.id, opponents)));
    }
    const id = this.next++;
    this.slots.set(id, { state, bots, botRng: new CloneableRng(seed ^ 0x5bd1e995), seed, games: 0 });
    return id;
  }

  /** Lets the bots play until a learner's seat is to act or the game ends. */
  private botsPlay(slot: Slot): void {
    if (!slot.bots) return;
    const st = slot.state;
    for (let n = 0; ; n++) {
      const p = st.currentPlayer();
      if (p === TERMINAL || !slot.bots[p]) return;
      if (n >= MAX_BOT_MOVES) throw new EnvError('ENV_BOT_LOOP', `the bots played ${MAX_BOT_MOVES} moves without reaching the learner`);
      const { setup, game } = st.spec;
      st.applyMove(slot.bots[p]!(st.view(p), st.legalMoves(), slot.botRng, { game, seat: p, setup }));
    }
  }

  private reset(slot: Slot, seed: number): void {
    slot.state = EnvState.start(slot.state.spec, seed);
    slot.botRng = new CloneableRng(seed ^ 0x5bd1e995);
    slot.seed = seed;
    this.botsPlay(slot);
  }

  handle(req: Record<string, unknown>): Record<string, unknown> {
    const out = this.dispatch(req);
    return req.id === undefined ? out : { id: req.id, ...out };
  }

  private dispatch(req: Record<string, unknown>): Record<string, unknown> {
    switch (req.op) {
      case 'games':
        return { games: envGames() };
      case 'spec': {
        const spec = EnvSpec.of(String(req.game), Number(req.seats), req.options);
        return { game: spec.game.id, seats: spec.setup.seats, options: spec.setup.options, actions: spec.size, observation: spec.obsSize, layout: spec.layout };
      }
      case 'new': {
        const spec = EnvSpec.of(String(req.game), Number(req.seats), req.options);
        const seed = seedOf((req.seed as number | string | undefined) ?? 0);
        const env = this.open(EnvState.start(spec, seed), seed, req.opponents, req.seat);
        const slot = this.slot(env);
        this.botsPlay(slot);
        return { env, ...this.step(slot.state) };
      }
      case 'reset': {
        const slot = this.slot(req.env);
        this.reset(slot, seedOf((req.seed as number | string | undefined) ?? slot.seed));
        return this.step(slot.state);
      }
      case 'step': {
        const slot = this.slot(req.env);
        slot.state.applyAction(Number(req.action));
        this.botsPlay(slot);
        return this.step(slot.state);
      }
      case 'state': {
        return this.step(this.slot(req.env).state);
      }
      case 'obs': {
        const slot = this.slot(req.env);
        return this.obs(slot.state, Number(req.seat));
      }
      case 'infostate': {
        const slot = this.slot(req.env);
        return { infostate: slot.state.informationStateString(Number(req.seat)) };
      }
      case 'clone': {
        const slot = this.slot(req.env);
        const env = this.open(slot.state.clone(), slot.seed, undefined, undefined);
        this.slot(env).bots = slot.bots;
        return { env };
      }
      case 'resample': {
        const slot = this.slot(req.env);
        const seed = seedOf((req.seed as number | string | undefined) ?? 0);
        return { env: this.open(slot.state.resampleFromInfostate(Number(req.seat), seed), seed, undefined, undefined) };
      }
      case 'close': {
        for (const e of Array.isArray(req.envs) ? req.envs : [req.env]) this.slots.delete(e as number);
        return { ok: true };
      }
      case 'vnew': {
        const n = Number(req.n);
        if (!Number.isInteger(n) || n < 1 || n > MAX_BATCH) throw new EnvError('ENV_BAD_REQUEST', `n: 1..${MAX_BATCH}`);
        const spec = EnvSpec.of(String(req.game), Number(req.seats), req.options);
        const base = seedOf((req.seed as number | string | undefined) ?? 0);
        const envs: number[] = [];
        const steps: Step[] = [];
        for (let i = 0; i < n; i++) {
          const seed = (base + i * 0x9e3779b1) >>> 0;
          const env = this.open(EnvState.start(spec, seed), seed, req.opponents, req.seat);
          const slot = this.slot(env);
          this.botsPlay(slot);
          envs.push(env);
          steps.push(this.step(slot.state));
        }
        return { envs, steps };
      }
      case 'vstep': {
        // Many environments one token each; a finished game starts the next (seed + 1) in the same reply.
        const envs = req.envs as unknown[];
        const actions = req.actions as unknown[];
        if (!Array.isArray(envs) || !Array.isArray(actions) || envs.length !== actions.length || envs.length > MAX_BATCH)
          throw new EnvError('ENV_BAD_REQUEST', `envs and actions: arrays of equal length, at most ${MAX_BATCH}`);
        const steps = envs.map((e, i) => {
          const slot = this.slot(e);
          slot.state.applyAction(Number(actions[i]));
          this.botsPlay(slot);
          const step = this.step(slot.state);
          if (step.done && req.autoreset !== false) {
            this.reset(slot, (slot.seed + 1) >>> 0);
            return { ...step, next: this.step(slot.state) };
          }
          return step;
        });
        return { steps };
      }
      default:
        throw new EnvError('ENV_BAD_REQUEST', `unknown op ${JSON.stringify(req.op)}`);
    }
  }
}

/** The research environment (docs/research-env.md): OpenSpiel-shaped states and their spaces. */
export { EnvError, EnvSpec, EnvState, TERMINAL, canonical, type EnvConfig } from './state.js';
export { envGames, spaceFor } from './spaces.js';
export type { GameSpace, Setup, Slice } from './space.js';
export { Session } from './protocol.js';

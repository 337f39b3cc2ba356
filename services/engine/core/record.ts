/**
 * Commands as a game's public record keeps them. Every commit stores the command that
 * produced it; the record leaves out the two secrets a command can carry (the seed, shown
 * on its own once the game is over, and the seat token's hash, never shown), and a verifier
 * puts the revealed seed back to decide each command again.
 */
import type { TableCommand } from './table.js';

export type RecordedCommand =
  | { type: 'create'; game: string; seats: number; options: unknown; seedFixed: boolean }
  | { type: 'join'; name: string; entropy?: string }
  | { type: 'move'; seat: number; move: unknown }
  | { type: 'stop'; last: number[] };

export function recordedCommand(command: TableCommand): RecordedCommand {
  switch (command.type) {
    case 'create': {
      const { seed: _secret, ...rest } = command;
      return rest;
    }
    case 'join': {
      const { tokenHash: _secret, ...rest } = command;
      return rest;
    }
    default:
      return command;
  }
}

/** The command to decide again, given the revealed seed (a token hash is redacted from every record, so any will do). */
export function replayedCommand(recorded: RecordedCommand, seed: string): TableCommand {
  switch (recorded.type) {
    case 'create':
      return { ...recorded, seed };
    case 'join':
      return { ...recorded, tokenHash: '' };
    default:
      return recorded;
  }
}

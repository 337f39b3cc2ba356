/**
 * A WebSocket is no way around the per-client rate limit (issue 26 finding 6): each subscription
 * counts as a request of its client, and one over the allowance is refused RATE_LIMITED.
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { useServer } from '../kit/server.js';
import { until } from '../kit/webhook-receiver.js';

const server = useServer({ games: [highCard], limits: { perClientPerMinute: 5 } });

describe('subscriptions count against the per-client limit', () => {
  it('on one socket, the subscriptions past the allowance are refused RATE_LIMITED (the upgrade took one request, 4 pass, 8 refused)', async () => {
    const client = server.ws();
    const codes: string[] = [];
    for (let i = 0; i < 12; i++)
      client.subscribe({ query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version } }', variables: { id: `g${i}` } }, {
        next: () => {},
        error: (e) => void codes.push(String((e as { extensions?: { code?: string } }[])[0]?.extensions?.code)),
        complete: () => {},
      });
    await until(() => codes.filter((c) => c === 'RATE_LIMITED').length >= 8, 5000);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(8);
  });
});

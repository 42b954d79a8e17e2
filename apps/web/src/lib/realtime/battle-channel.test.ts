import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { RealtimeConnection } from './realtime-connection.ts';

type Handler = (payload: unknown) => void;

/** The part of a connection the channel uses: a socket the test pushes server events into. */
function fakeConnection() {
  const handlers = new Map<string, Handler[]>();
  const socket = {
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
  };
  return {
    connection: { socket } as unknown as RealtimeConnection,
    push(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
}

// The channel is one per page: every test loads a fresh copy of the module.
let channel: typeof import('./battle-channel.ts');
beforeEach(async () => {
  vi.resetModules();
  channel = await import('./battle-channel.ts');
});

describe('battle channel', () => {
  test('a battle announced before the Arena listens is announced to it when it does (a reload mid-battle)', () => {
    const server = fakeConnection();
    channel.attachBattleChannel(server.connection);
    server.push('battleActive', { battle_id: 'b-1', in_queue: false });
    const heard: Array<[string, unknown]> = [];
    channel.onBattleMessage(({ event, payload }) => heard.push([event, payload]));
    expect(heard).toEqual([['battleActive', { battle_id: 'b-1', in_queue: false }]]);
    // Live events reach it as they come, once each.
    server.push('battleTurnProcessed', { battle_id: 'b-1' });
    expect(heard).toHaveLength(2);
  });

  test('nothing is announced late once the battle completed, or when the server said there is none', () => {
    const server = fakeConnection();
    channel.attachBattleChannel(server.connection);
    server.push('battleActive', { battle_id: 'b-1', in_queue: false });
    server.push('battleCompleted', { battle_id: 'b-1' });
    const afterCompleted: string[] = [];
    channel.onBattleMessage(({ event }) => afterCompleted.push(event));
    expect(afterCompleted).toEqual([]);

    server.push('battleActive', { battle_id: 'b-2', in_queue: false });
    server.push('battleActive', { battle_id: null, in_queue: true });
    const afterNone: string[] = [];
    channel.onBattleMessage(({ event }) => afterNone.push(event));
    expect(afterNone).toEqual([]);
  });

  test('a completion of another battle keeps the announced one', () => {
    const server = fakeConnection();
    channel.attachBattleChannel(server.connection);
    server.push('battleActive', { battle_id: 'b-2', in_queue: false });
    server.push('battleCompleted', { battle_id: 'b-1' });
    const heard: unknown[] = [];
    channel.onBattleMessage(({ payload }) => heard.push(payload));
    expect(heard).toEqual([{ battle_id: 'b-2', in_queue: false }]);
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ALL_FAST_PATHS,
  BATTLE_ID,
  rawSocketClient,
  startDispatcherServer,
} from './helpers/dispatcher-server.ts';

// The same raw packets to a server with every fast path on and to stock socket.io (FAST_PATHS=off):
// the frames each answers, and whether it closes the connection, must be the same (D-PLATFORM-1).

const tap = (payload: string) => `42["pvpTap",${payload}]`;
const valid = `{"battle_id":"${BATTLE_ID}","target_id":3}`;

/** Engine.io text frames: socket.io-parser's own test strings, then the edges the direct path reads. */
const VECTORS: string[] = [
  // socket.io-parser's encodings of events, acks and namespaces
  tap(valid),
  `421${tap(valid).slice(2)}`,
  `4212${tap(valid).slice(2)}`,
  `42/admin,${tap(valid).slice(2)}`,
  `42/admin,7${tap(valid).slice(2)}`,
  `42/,${tap(valid).slice(2)}`,
  '42["cancelMatchmaking",{}]',
  '421["cancelMatchmaking",{}]',
  '42["unknownEvent",{}]',
  '42[]',
  '42{}',
  '42"pvpTap"',
  '42',
  '4',
  '43["x"]',
  '431["x"]',
  '41',
  '40',
  '44{"message":"x"}',
  '45',
  '46',
  '47',
  '4x',
  'x',
  '',
  '2',
  '6',
  // whitespace and escapes
  ` ${tap(valid).slice(1)}`,
  `42 ["pvpTap",${valid}]`,
  `42[ "pvpTap",${valid}]`,
  `42["pvpTap" ,${valid}]`,
  `42["pvpTap", ${valid}]`,
  `42["pvpTap",${valid} ]`,
  `42["pvpTap",${valid}] `,
  `42["pvpTap",${valid}]\n`,
  `42\t["pvpTap",${valid}]`,
  `42["pvp\\u0054ap",${valid}]`,
  `42["pvpTap",{"battle_id":"${BATTLE_ID}","target_id":3,"extra":1}]`,
  `42["pvpTap",{"battle_\\u0069d":"${BATTLE_ID}"}]`,
  `42["pvpTap",{"battle_id":"${BATTLE_ID}","target_id":3.5}]`,
  `42["pvpTap",{"battle_id":"${BATTLE_ID}","target_id":1e3}]`,
  `42["pvpTap",{"battle_id":"${BATTLE_ID}","target_id":1e999}]`,
  `42["pvpTap",{"battle_id":"${BATTLE_ID}","target_id":-0}]`,
  `42["pvpTap",{"battle_id":"${BATTLE_ID.toUpperCase()}"}]`,
  '42["pvpTap",{"battle_id":"\\ud800"}]',
  // prototypes and shapes
  `42["pvpTap",{"__proto__":{"battle_id":"${BATTLE_ID}"}}]`,
  `42["pvpTap",{"battle_id":"${BATTLE_ID}","__proto__":null}]`,
  '42["pvpTap",{"constructor":{"prototype":{}}}]',
  '42["pvpTap",null]',
  '42["pvpTap",[]]',
  '42["pvpTap",1]',
  '42["pvpTap"]',
  `42["pvpTap",${valid},1]`,
  `42["pvpTap",${valid},${valid}]`,
  `42[["pvpTap"],${valid}]`,
  `42[1,${valid}]`,
  // ack ids: zero, leading zeros, the most digits taken directly, past them, 2^53 and beyond
  `420${tap(valid).slice(2)}`,
  `42007${tap(valid).slice(2)}`,
  `42123456789${tap(valid).slice(2)}`,
  `421234567890${tap(valid).slice(2)}`,
  `429007199254740991${tap(valid).slice(2)}`,
  `429007199254740992${tap(valid).slice(2)}`,
  `429007199254740993${tap(valid).slice(2)}`,
  `4299999999999999999999${tap(valid).slice(2)}`,
  `42-1${tap(valid).slice(2)}`,
  // fragments
  `42["pvpTap",${valid}`,
  '42["pvpTap",',
  '42["pvpTap"',
  '42["',
  '42[',
  `42["pvpTap",${valid}]]`,
  `42["pvpTap",${valid}]x`,
  `42["pvpTap",{"battle_id":"${BATTLE_ID}"`,
  // binary announcements without and with an attachment placeholder
  `451-["pvpTap",{"_placeholder":true,"num":0}]`,
  `461-["x"]`,
  `450-${tap(valid).slice(2)}`,
];

describe('fast paths against stock socket.io: the same packets, the same frames', () => {
  let fast: Awaited<ReturnType<typeof startDispatcherServer>>;
  let stock: Awaited<ReturnType<typeof startDispatcherServer>>;

  beforeAll(async () => {
    fast = await startDispatcherServer(ALL_FAST_PATHS);
    stock = await startDispatcherServer(new Set());
  });
  afterAll(async () => {
    await fast?.close();
    await stock?.close();
  });

  /**
   * What a server answers to one packet, then to a valid tap with ack id 777: until that ack or the
   * connection's close. A packet that ended its socket but not the connection (a disconnect) is
   * followed by a new connect, answered on a connection that is still open.
   */
  async function answers(server: typeof fast, vector: string) {
    const client = await rawSocketClient(server.url);
    const poll = { timeout: 10_000, interval: 5 };
    const acked = () => client.frames.some((frame) => frame.startsWith('43777'));
    client.ws.send(vector);
    client.ws.send(`42777${tap(valid).slice(2)}`);
    await expect
      .poll(() => client.closed() || acked() || !server.io.of('/').sockets.has(client.sid), poll)
      .toBe(true);
    if (!client.closed() && !acked()) {
      client.ws.send('40');
      await expect
        .poll(() => client.closed() || client.frames.some((frame) => frame.startsWith('40{')), poll)
        .toBe(true);
    }
    const frames = client.frames.map((frame) => (frame.startsWith('40{') ? '40{"sid":…}' : frame));
    const seen = { frames, closed: client.closed() };
    client.ws.terminate();
    return seen;
  }

  test(`${VECTORS.length} raw packets answer alike`, async () => {
    const differences: string[] = [];
    for (const vector of VECTORS) {
      const [fromFast, fromStock] = [await answers(fast, vector), await answers(stock, vector)];
      if (JSON.stringify(fromFast) !== JSON.stringify(fromStock))
        differences.push(
          `${JSON.stringify(vector)}: fast ${JSON.stringify(fromFast)}, stock ${JSON.stringify(fromStock)}`,
        );
    }
    expect(differences).toEqual([]);
    // The fast server took the valid taps directly; the stock one never did.
    expect(fast.dispatcher.stats.direct).toBeGreaterThan(0);
    expect(stock.dispatcher.stats.direct).toBe(0);
  });
});

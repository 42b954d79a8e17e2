/**
 * The HAProxy configuration `npm run cluster` runs and the README's production example is based
 * on (decisions: D-CLUSTER-12, D-CLUSTER-13): a consistent hash on the player id the client sends
 * (`X-Titans-Player` on REST, `?player=` on the socket handshake; the client's address without
 * either), health checks on /health every
 * second (down after two failures, so a draining process stops getting traffic within ~2 s).
 */
export const HAPROXY = '/usr/sbin/haproxy';

export interface HaproxyOptions {
  /** Where the balancer listens, e.g. `127.0.0.1:3000`. */
  bind: string;
  servers: { name: string; address: string }[];
  /** Adds `X-Titans-Server: <name>` to every answer (tests and trying it out see who served). */
  tellServer?: boolean;
  /** Connections at once (HAProxy needs about two descriptors each; default 4096). */
  maxconn?: number;
  /**
   * HAProxy's threads (default 1). On a machine it shares with the game's processes one thread
   * spends about 30 % less CPU per WebSocket message than one per core (D-CLUSTER-23); a balancer
   * on its own machine takes one per core.
   */
  threads?: number;
}

export function haproxyConfig(options: HaproxyOptions): string {
  const lines = [
    'global',
    `  maxconn ${options.maxconn ?? 4096}`,
    `  nbthread ${options.threads ?? 1}`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A WebSocket stays open for the session: the tunnel timeout applies once it is upgraded.
    '  timeout tunnel 1h',
    // A refused connection (a process that died) goes to another process at the first retry,
    // not the last: players of a killed process reconnect about a second sooner (bench:cluster D).
    '  option redispatch 1',
    '  retries 2',
    '',
    'frontend titans',
    `  bind ${options.bind}`,
    '  default_backend game',
    '',
    'backend game',
    // The player id: the REST header, else the handshake's query parameter. A request with
    // neither (an old client, a tool, the web app's files) hashes on the client's address, so a
    // socket's polls and upgrade reach one process too (D-CLUSTER-12).
    '  http-request set-var(txn.player) req.hdr(x-titans-player)',
    '  http-request set-var(txn.player) url_param(player) if !{ var(txn.player) -m found }',
    '  http-request set-var(txn.player) src if !{ var(txn.player) -m found }',
    '  balance hash var(txn.player)',
    '  hash-type consistent',
    '  option httpchk GET /health',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 2',
    ...(options.tellServer ? ['  http-response set-header X-Titans-Server %[srv_name]'] : []),
    ...options.servers.map((server) => `  server ${server.name} ${server.address} check`),
    '',
  ];
  return lines.join('\n');
}

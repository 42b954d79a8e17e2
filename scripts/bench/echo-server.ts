/**
 * The same-run baseline of bench-taps: a bare socket.io server (same version, same path, same
 * transport settings as the real server) that answers each `tap` with one small `tapRegistered`
 * and each `initUser` with one small `statusUpdated`, and nothing else: no auth, no validation,
 * no game rules, no database. It exposes GET /metrics in the real server's shape so the bench
 * reads both the same way. Run as its own process with --expose-gc.
 */
import { standInServer, type TapLike } from './stand-in-server.ts';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
// Echo taps are worth what a plain tap of the real server is worth, so the harness code is identical.
const TAP_VALUE = 10;

const stats = { tapEvents: 0, tapsAccepted: 0, coinsAccepted: 0 };

const { httpServer, io } = standInServer({
  metricsToken: process.env.METRICS_TOKEN ?? '',
  metrics: (server) => ({ sockets: server.engine.clientsCount, engineUsers: 0, taps: stats }),
});

io.on('connection', (socket) => {
  socket.on('initUser', () => {
    socket.emit('statusUpdated', { coins: 0, energy: 1000, max_energy: 1000, pending: 0 });
  });
  socket.on('tap', (payload: TapLike) => {
    const count = typeof payload?.count === 'number' ? payload.count : 1;
    stats.tapEvents++;
    stats.tapsAccepted += count;
    stats.coinsAccepted += count * TAP_VALUE;
    socket.emit('tapRegistered', {
      seq: payload?.seq ?? null,
      accepted: count,
      rejected: 0,
      reason: null,
      value: count * TAP_VALUE,
    });
  });
});

httpServer.listen(port, host);

const shutdown = () => {
  io.close();
  httpServer.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

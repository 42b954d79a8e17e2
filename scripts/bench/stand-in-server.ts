/**
 * What the benchmarks' stand-in servers (the echo and the floor) share: socket.io with the real
 * server's transport settings on the same path, and GET /health and GET /metrics in the real
 * server's shape, so the bench starts and reads them as it does the real one.
 */
import http from 'node:http';
import { Server } from 'socket.io';
import { processMetrics } from '../../apps/server/src/metrics/metrics-routes.ts';

/** A tap event as the stand-ins read it: they validate nothing. */
export interface TapLike {
  seq?: number;
  count?: number;
}

export interface StandInOptions {
  /** The bearer token GET /metrics wants. */
  metricsToken: string;
  /** The server's own part of /metrics: `sockets`, `engineUsers`, `taps`. */
  metrics(io: Server): Record<string, unknown>;
  /** Requests other than /health, /metrics and socket.io's; unanswered ones get a 404. */
  route?(request: http.IncomingMessage, response: http.ServerResponse, url: URL): boolean;
}

/** Writes a JSON answer. */
export function answerJson(
  response: http.ServerResponse,
  code: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(code, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** An HTTP server with socket.io on /engine.io, /health and /metrics; listen on it yourself. */
export function standInServer(options: StandInOptions) {
  const httpServer = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') return answerJson(response, 200, { status: 'ok' });
    if (url.pathname === '/metrics') {
      if (request.headers.authorization !== `Bearer ${options.metricsToken}`)
        return answerJson(response, 401, {});
      return answerJson(response, 200, {
        code: 200,
        data: { ...processMetrics(url.searchParams.get('gc') === '1'), ...options.metrics(io) },
        message: 'Metrics',
      });
    }
    if (options.route?.(request, response, url)) return;
    // socket.io answers its own path; everything else is unknown.
    if (!url.pathname.startsWith('/engine.io')) answerJson(response, 404, {});
  });
  const io = new Server(httpServer, {
    path: '/engine.io',
    serveClient: false,
    perMessageDeflate: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 16 * 1024,
  });
  return { httpServer, io };
}

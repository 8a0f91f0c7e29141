import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './registry';

/**
 * Times every answer by its route pattern (`/api/orders/{id}/` as declared, never the raw URL, so a
 * scan of made-up paths adds no series). tRPC's one route is told apart by procedure when the name is
 * one the app declares; a batch or an unknown name counts under the route itself.
 */
export function recordRequests(app: FastifyInstance, metrics: Metrics, procedures: ReadonlySet<string>) {
  app.addHook('onResponse', async (req, reply) => {
    let route = req.routeOptions.url ?? 'unmatched';
    if (route === '/trpc/:path') {
      const name = (req.params as { path?: string }).path ?? '';
      if (procedures.has(name)) route = `/trpc/${name}`;
    }
    metrics.request(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics on an address of its own (METRICS_ADDRESS, decision 246): reachable from the
 * Prometheus network, never from the balancer's, so it needs no credentials and no route in the app.
 */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node's own 5 s is shorter than a reverse proxy keeps idle
 * connections to the app (Caddy's reverse_proxy: 2 minutes): the proxy then writes a request into a socket Node is
 * closing, and a POST, which a proxy never retries, is answered 502. The app's idle timeout must outlast the proxy's.
 */
export const IDLE_CONNECTION_MS = 130_000;

export function keepIdleConnectionsLongerThanProxies(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // A request's headers may take this long to arrive; it must exceed the idle timeout (Node's documented rule).
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
}

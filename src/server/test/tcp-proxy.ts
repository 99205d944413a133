import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL for outage tests: `stall` holds traffic (a query in flight
 * hangs), `cut` drops every connection and refuses new ones (the server is gone), `restore`
 * accepts again on the same port (the server is back).
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  stall(): void;
  /** Chunks the proxy has held back since the last `stall`: a query in flight has reached it. */
  readonly held: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  let held = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!stalled) to.write(chunk);
        else held++;
      });
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    get held() {
      return held;
    },
    stall() {
      stalled = true;
      held = 0;
    },
    async cut() {
      const closing = stopListening();
      for (const s of sockets) s.destroy();
      await closing;
    },
    async restore() {
      stalled = false;
      await listen(port);
    },
    async close() {
      const closing = stopListening();
      for (const s of sockets) s.destroy();
      await closing;
    },
  };
}

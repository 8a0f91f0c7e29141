import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 between the app and PostgreSQL, to stage an outage without touching the
 * database server (which other tests use): `cut()` drops every open connection and refuses new ones
 * (the port stops listening, as a stopped PostgreSQL would), `restore()` listens again on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private listenPort = 0;
  /** Connections accepted and cuts staged, for the figures. */
  connections = 0;
  cuts = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  get port(): number {
    return this.listenPort;
  }

  get connected(): number {
    return this.sockets.size / 2;
  }

  async start(): Promise<number> {
    await this.listen(0);
    return this.listenPort;
  }

  private listen(port: number): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        this.server = server;
        this.listenPort = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private accept(client: net.Socket): void {
    this.connections += 1;
    const upstream = net.connect(this.targetPort, this.targetHost);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** The outage: every open connection is reset and the port refuses new ones. */
  async cut(): Promise<void> {
    this.cuts += 1;
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    await closed;
  }

  /** PostgreSQL is back: listen again on the same port (retried briefly if the port is not free yet). */
  async restore(): Promise<void> {
    if (this.server) return;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.listen(this.listenPort);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

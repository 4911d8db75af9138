import { createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP hop between the server and PostgreSQL that can be cut like a network: while cut, nothing flows on
 * open connections (held, as TCP holds unacknowledged data) and new connections are accepted but never
 * answered. Healing lets the held data through and drops the connections made during the cut.
 */
export class NetworkCut {
  private readonly server: Server;
  private readonly open = new Set<Socket>();
  private readonly unanswered = new Set<Socket>();
  private cut = false;

  constructor(private readonly targetPort: number) {
    this.server = createServer((client) => this.connection(client));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }

  cutOff() {
    this.cut = true;
    for (const socket of this.open) socket.pause();
  }

  heal() {
    this.cut = false;
    for (const socket of this.open) socket.resume();
    for (const socket of this.unanswered) socket.destroy();
    this.unanswered.clear();
  }

  async close() {
    for (const socket of [...this.open, ...this.unanswered]) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private connection(client: Socket) {
    client.on('error', () => undefined);
    if (this.cut) {
      this.unanswered.add(client);
      return;
    }
    const upstream = new (client.constructor as typeof Socket)();
    upstream.on('error', () => undefined);
    upstream.connect(this.targetPort, '127.0.0.1');
    this.open.add(client);
    this.open.add(upstream);
    client.on('data', (data) => upstream.write(data));
    upstream.on('data', (data) => client.write(data));
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
      this.open.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
  }
}

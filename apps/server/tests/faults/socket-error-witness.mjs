// Preloaded into the built server by the fault harness (NODE_OPTIONS=--import). A socket that emits
// 'error' with no listener ends the process with only "read ECONNRESET" and no hint of whose socket it
// was. This writes, before Node throws as usual, where that socket was connected. It changes nothing
// else: the process still dies, and the test still fails. The same for a promise rejection nobody handled.
import net from 'node:net';

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connectWithWitness(...args) {
  if (!this.connectedAt) this.connectedAt = new Error('socket connected here').stack;
  return connect.apply(this, args);
};

const emit = net.Socket.prototype.emit;
net.Socket.prototype.emit = function emitWithWitness(name, ...args) {
  if (name === 'error' && this.listenerCount('error') === 0) {
    const error = args[0];
    process.stderr.write(
      `socket error with no listener: ${error && error.message} (remote port ${this.remotePort}, ` +
        `destroyed ${this.destroyed})\n${this.connectedAt ?? 'connected from an unknown place'}\n`,
    );
  }
  return emit.call(this, name, ...args);
};

// A rejection nobody handles: say what kind of promise it was (a postgres-js query carries its SQL), then
// hand it on as Node would have: to the uncaughtException handlers with origin 'unhandledRejection' (the
// server's decides, as without this file), or thrown when there is none.
process.on('unhandledRejection', (reason, promise) => {
  const sql = Array.isArray(promise?.strings) ? promise.strings.join('$') : undefined;
  process.stderr.write(
    `unhandled rejection of a ${promise?.constructor?.name ?? 'promise'}: ${reason?.message ?? reason}` +
      `${sql ? `\n  query: ${sql.slice(0, 300)}` : ''}\n`,
  );
  if (process.listenerCount('uncaughtException') === 0) throw reason;
  process.emit('uncaughtException', reason, 'unhandledRejection');
});

// One WebSocket to a table (docs/protocol.md): hello with the seat token, events in order,
// catching up after a gap or a reconnect (with the number of the last event seen), answers to
// pings, and commands matched to their answers.

// the token holds no seat here; signed out (seats.js); no such table
const GIVE_UP = new Set([4401, 4403, 4404]);
// What the page says for a close without a reason (the server's signing out sends none): a
// player never reads a close code.
const GIVE_UP_WORDS = {
  4401: "this device holds no seat here",
  4403: "this device was signed out",
  4404: "no such table",
};
const SILENCE = 40_000; // ms without any message (the server pings every 15 s): reconnect

export class TableSocket {
  // handlers.message(data): a sync, event, seats, rematch or error message, in order;
  // handlers.status(text): "connecting", "connected", "reconnecting" or "closed: why".
  constructor(table, token, handlers) {
    this.table = table;
    this.token = token;
    this.handlers = handlers;
    this.n = null; // the number of the last event seen (null: none yet, a fresh snapshot)
    this.pending = new Map(); // command id -> resolve
    this.nextId = 1;
    this.delay = 500;
    this.closed = false;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.table}`);
    this.ws = ws;
    this.handlers.status(this.n === null ? "connecting" : "reconnecting");
    ws.onopen = () => {
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token;
      if (this.n !== null) hello.last = this.n;
      ws.send(JSON.stringify(hello));
      this.delay = 500;
      this.handlers.status("connected");
      this.watch();
    };
    ws.onmessage = (frame) => {
      this.watch();
      this.receive(JSON.parse(frame.data));
    };
    ws.onclose = (closing) => {
      clearTimeout(this.watchdog);
      for (const resolve of this.pending.values()) {
        resolve({
          type: "rejected",
          code: "disconnected",
          reason: "the connection was lost; try again",
          rule: "",
        });
      }
      this.pending.clear();
      if (this.closed) return;
      if (GIVE_UP.has(closing.code)) {
        this.closed = true;
        this.handlers.status(`closed: ${closing.reason || GIVE_UP_WORDS[closing.code]}`);
        return;
      }
      this.handlers.status("reconnecting");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  // Reconnect when the server has been silent for too long (a dead connection).
  watch() {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => this.ws.close(), SILENCE);
  }

  receive(data) {
    if (data.type === "ping") {
      this.send({ type: "pong" });
      return;
    }
    if (data.type === "event") {
      if (this.n !== null && data.n <= this.n) return; // seen already
      if (this.n === null || data.n !== this.n + 1) {
        this.send({ type: "sync", last: this.n ?? 0 }); // a gap: ask for what was missed
        return;
      }
      this.n = data.n;
    } else if (data.type === "sync") {
      this.n = data.n;
    }
    const resolve = data.id !== undefined && data.id !== null && this.pending.get(data.id);
    if (resolve && ["accepted", "rejected", "hint", "error"].includes(data.type)) {
      this.pending.delete(data.id);
      resolve(data);
    }
    this.handlers.message(data);
  }

  send(message) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  // Send a move, undo or hint expecting the last event seen; resolves with its answer
  // (accepted, rejected, hint or error).
  command(type, fields = {}) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (!this.send({ type, id, expect: this.n ?? 0, ...fields })) {
        resolve({
          type: "rejected",
          code: "disconnected",
          reason: "not connected; try again in a moment",
          rule: "",
        });
        return;
      }
      this.pending.set(id, resolve);
    });
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}

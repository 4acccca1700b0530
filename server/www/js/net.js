// SPDX-License-Identifier: MIT
// The connection to xq-server: WebSocket, subprotocol "xq", one JSON object per
// message (docs/protocol.md). Requests carry an id and resolve with their reply;
// everything the server sends also goes to the event handler. The connection
// comes back by itself (after a dropped connection or a server restart) and
// calls onOpen again, where the client says hello and resumes its session.

const RETRY_MS = [250, 500, 1000, 2000, 3000, 5000];
const PING_MS = 60000; // well inside the server's 600 s idle limit

export class Connection {
  constructor(url, { onOpen, onMessage, onStatus }) {
    this.url = url;
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.nextId = 1;
    this.pending = new Map();
    this.tries = 0;
    this.ws = null;
    this.connect();
    setInterval(() => { if (this.isOpen()) this.send("ping").catch(() => {}); }, PING_MS);
  }

  isOpen() { return this.ws && this.ws.readyState === WebSocket.OPEN; }

  connect() {
    this.onStatus(this.tries ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url, "xq");
    this.ws = ws;
    ws.onopen = () => {
      this.tries = 0;
      this.onStatus("online");
      this.onOpen();
    };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      let opts = {};
      if (m.id !== undefined && this.pending.has(m.id)) {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        opts = p.opts;
        if (m.type === "error") p.reject(m); else p.resolve(m);
      }
      this.onMessage(m, opts);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      for (const { reject } of this.pending.values()) reject({ type: "error", code: "disconnected", message: "the connection was lost" });
      this.pending.clear();
      this.onStatus("offline");
      const wait = RETRY_MS[Math.min(this.tries, RETRY_MS.length - 1)];
      this.tries++;
      setTimeout(() => this.connect(), wait);
    };
  }

  /** Send a request; a promise of its reply (rejected with the error message).
   *  opts go with the reply to onMessage (e.g. quiet: a request the user did not make). */
  send(type, fields = {}, opts = {}) {
    if (!this.isOpen()) return Promise.reject({ type: "error", code: "disconnected", message: "not connected" });
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ type, ...fields, id }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, opts }));
  }
}

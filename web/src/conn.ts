// The websocket of docs/ACTIVITY.md: hello with a ticket and the last version seen, the
// frames in order, a sync on a gap, and a reconnect (with a fresh ticket) when it drops.
import type { Tickets } from "./boot";

export type Frame = Record<string, any> & { type: string; version: number | null };

export type Status = "connecting" | "open" | "lost" | "over" | "closed";

export class Conn {
  private ws: WebSocket | null = null;
  private retry = 0;
  private timer: number | undefined;
  version: number | null = null;
  status: Status = "connecting";

  constructor(
    private tickets: Tickets,
    private onFrame: (frame: Frame) => void,
    private onStatus: (status: Status, why?: Frame) => void,
  ) {}

  async open(): Promise<void> {
    this.setStatus(this.version === null ? "connecting" : "lost");
    let ticket: string | null = null;
    try {
      ticket = await this.tickets.next();
    } catch {
      ticket = null;
    }
    if (!ticket) {
      this.later();
      return;
    }
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      const hello: Frame = { type: "hello", ticket, lang: this.tickets.lang, version: this.version };
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.status === "over" || this.status === "closed") return;
      if (e.code === 4004) {
        this.setStatus("closed");
        return;
      }
      this.setStatus("lost");
      this.later();
    };
  }

  private later(): void {
    window.clearTimeout(this.timer);
    const wait = Math.min(500 * 2 ** this.retry, 4000);
    this.retry += 1;
    this.timer = window.setTimeout(() => void this.open(), wait);
  }

  private receive(data: string): void {
    let frame: Frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (frame.type === "update") {
      if (this.version !== null && frame.version !== this.version + 1) {
        if (frame.version !== null && frame.version > this.version + 1) {
          this.send({ type: "sync", version: this.version });
        }
        return;   // a gap, or one already seen: the sync's answer brings it
      }
      this.version = frame.version;
    } else if (frame.type === "snapshot" || frame.type === "scene" || frame.type === "over") {
      this.version = frame.version;
      this.retry = 0;
      if (this.status !== "open" && frame.type !== "over") this.setStatus("open");
    }
    if (frame.type === "over") this.setStatus("over");
    // No table, or a refused ticket: retrying cannot help (the page says to open it again).
    if (frame.type === "error" && (frame.code === "no_table" || frame.code === "bad_ticket")) {
      this.setStatus("closed", frame);
    }
    this.onFrame(frame);
  }

  send(frame: Record<string, unknown>): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  private setStatus(status: Status, why?: Frame): void {
    this.status = status;
    this.onStatus(status, why);
  }
}

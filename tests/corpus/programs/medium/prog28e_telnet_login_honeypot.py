#!/usr/bin/env python3
"""Low-interaction login honeypot.

Presents a fake BusyBox-style login prompt on a TCP port, records every
connection, username and password attempt as JSON lines in a local file,
and always answers "Login incorrect". Nothing typed by a client is ever
interpreted or executed.
"""

import argparse
import json
import logging
import socketserver
import threading
import time
from datetime import datetime, timezone

LOG = logging.getLogger("honeypot")

BANNERS = {
    "busybox": b"\r\nBusyBox v1.24.1 (2019-05-10) built-in shell\r\n\r\n",
    "router": b"\r\nRT-N12 login console\r\n\r\n",
    "dvr": b"\r\n(none) login: \r\n",
}
MAX_ATTEMPTS = 3
READ_LIMIT = 256


class EventSink:
    """Thread-safe JSON-lines writer."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def emit(self, **event):
        event["ts"] = datetime.now(timezone.utc).isoformat()
        line = json.dumps(event, ensure_ascii=True)
        with self.lock, open(self.path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")


class LoginHandler(socketserver.StreamRequestHandler):
    timeout = 60

    def _readline(self):
        raw = self.rfile.readline(READ_LIMIT)
        if not raw:
            raise ConnectionResetError("client closed")
        # strip telnet IAC negotiation bytes and control characters
        cleaned = bytes(b for b in raw if 32 <= b < 127)
        return cleaned.decode("ascii", "replace").strip()

    def handle(self):
        srv = self.server
        peer_ip, peer_port = self.client_address[:2]
        started = time.monotonic()
        srv.sink.emit(kind="connect", src=peer_ip, sport=peer_port)
        LOG.info("connection from %s:%s", peer_ip, peer_port)
        try:
            self.wfile.write(srv.banner)
            for attempt in range(1, MAX_ATTEMPTS + 1):
                self.wfile.write(b"login: ")
                user = self._readline()
                self.wfile.write(b"Password: ")
                password = self._readline()
                srv.sink.emit(kind="auth", src=peer_ip, attempt=attempt,
                              username=user, password=password)
                time.sleep(1.5)
                self.wfile.write(b"\r\nLogin incorrect\r\n")
        except (ConnectionError, TimeoutError, OSError) as exc:
            LOG.debug("%s dropped: %s", peer_ip, exc)
        finally:
            srv.sink.emit(kind="disconnect", src=peer_ip,
                          duration=round(time.monotonic() - started, 2))


class HoneypotServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, banner, sink):
        self.banner = banner
        self.sink = sink
        super().__init__(addr, LoginHandler)


def summarise(path, top=10):
    users, pairs = {}, {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                ev = json.loads(line)
                if ev.get("kind") != "auth":
                    continue
                users[ev["username"]] = users.get(ev["username"], 0) + 1
                key = f'{ev["username"]}:{ev["password"]}'
                pairs[key] = pairs.get(key, 0) + 1
    except FileNotFoundError:
        print("no events yet")
        return
    print("top usernames:")
    for u, n in sorted(users.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {n:6}  {u}")
    print("top credential pairs:")
    for p, n in sorted(pairs.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {n:6}  {p}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=2323)
    ap.add_argument("--persona", choices=sorted(BANNERS), default="busybox")
    ap.add_argument("--events", default="honeypot-events.jsonl")
    ap.add_argument("--summary", action="store_true", help="print stats and exit")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    if args.summary:
        summarise(args.events)
        return

    sink = EventSink(args.events)
    server = HoneypotServer((args.listen, args.port), BANNERS[args.persona], sink)
    LOG.info("listening on %s:%d as %s", args.listen, args.port, args.persona)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

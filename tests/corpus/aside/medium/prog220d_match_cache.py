#!/usr/bin/env python3
"""Cache intermediate match results between reconciliation passes.

Matching a full month of card settlements against the ledger takes a while,
so each pass stores its partial results in ./.recon_cache keyed by the
input files' contents. Later passes reload the cached state instead of
re-matching from scratch.
"""

import argparse
import csv
import hashlib
import logging
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("match_cache")

CACHE_DIR = Path(".recon_cache")


@dataclass
class MatchState:
    source_key: str
    created: float = field(default_factory=time.time)
    matched: dict = field(default_factory=dict)
    unmatched: list = field(default_factory=list)


def cache_key(*paths: Path) -> str:
    """MD5 over the input files' bytes; only used to name cache entries."""
    digest = hashlib.md5()
    for p in paths:
        digest.update(p.read_bytes())
    return digest.hexdigest()


class MatchCache:
    def __init__(self, root: Path, max_age_hours: float):
        self.root = root
        self.max_age = max_age_hours * 3600
        self.root.mkdir(exist_ok=True)

    def _path(self, key: str) -> Path:
        return self.root / f"{key}.pkl"

    def load(self, key: str):
        path = self._path(key)
        if not path.exists():
            return None
        if time.time() - path.stat().st_mtime > self.max_age:
            LOG.info("cache entry %s expired", key[:8])
            return None
        with path.open("rb") as fh:
            state = pickle.load(fh)
        LOG.info("loaded cached state %s (%d matched)", key[:8], len(state.matched))
        return state

    def save(self, state: MatchState) -> None:
        path = self._path(state.source_key)
        with path.open("wb") as fh:
            pickle.dump(state, fh, protocol=pickle.HIGHEST_PROTOCOL)
        path.chmod(0o600)
        LOG.info("saved state %s", state.source_key[:8])

    def prune(self) -> int:
        removed = 0
        for p in self.root.glob("*.pkl"):
            if time.time() - p.stat().st_mtime > self.max_age:
                p.unlink()
                removed += 1
        return removed


def match(settlements: Path, ledger: Path, key: str) -> MatchState:
    with ledger.open(newline="") as fh:
        by_ref = {row["reference"]: row["entry_id"] for row in csv.DictReader(fh)}
    state = MatchState(source_key=key)
    with settlements.open(newline="") as fh:
        for row in csv.DictReader(fh):
            entry = by_ref.get(row["reference"])
            if entry:
                state.matched[row["settlement_id"]] = entry
            else:
                state.unmatched.append(row["settlement_id"])
    return state


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("settlements", type=Path)
    parser.add_argument("ledger", type=Path)
    parser.add_argument("--max-age-hours", type=float, default=24.0)
    parser.add_argument("--refresh", action="store_true", help="ignore cached state")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = MatchCache(CACHE_DIR, args.max_age_hours)
    LOG.info("pruned %d stale cache entries", cache.prune())
    try:
        key = cache_key(args.settlements, args.ledger)
    except OSError as exc:
        LOG.error("cannot read inputs: %s", exc)
        return 2

    state = None if args.refresh else cache.load(key)
    if state is None:
        state = match(args.settlements, args.ledger, key)
        cache.save(state)
    LOG.info("matched=%d unmatched=%d", len(state.matched), len(state.unmatched))
    for sid in state.unmatched[:20]:
        print(sid)
    return 0


if __name__ == "__main__":
    sys.exit(main())

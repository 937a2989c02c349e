#!/usr/bin/env python3
"""Pairing solution cache tool.

The pairing optimiser writes its intermediate solutions as pickled Python
objects under ./cache/solutions. This tool lists them, shows the cost
summary of one, prunes old ones and reports the disk usage of the cache.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("pairing-cache")
CACHE_DIR = Path("./cache/solutions")


@dataclass
class SolutionSummary:
    name: str
    pairings: int = 0
    cost: float = 0.0
    deadheads: int = 0
    bases: set = field(default_factory=set)


class SolutionCache:
    def __init__(self, root: Path):
        self.root = root

    def files(self):
        return sorted(self.root.glob("*.pkl"), key=lambda p: p.stat().st_mtime)

    def load(self, path: Path):
        with path.open("rb") as fh:
            return pickle.load(fh)

    def summarise(self, path: Path) -> SolutionSummary:
        sol = self.load(path)
        s = SolutionSummary(name=path.stem)
        for pairing in sol.get("pairings", []):
            s.pairings += 1
            s.cost += float(pairing.get("cost", 0.0))
            s.deadheads += int(pairing.get("deadheads", 0))
            s.bases.add(pairing.get("base", "?"))
        return s

    def prune(self, keep_days: int, dry_run: bool):
        cutoff = time.time() - keep_days * 86400
        removed = 0
        for path in self.files():
            if path.stat().st_mtime < cutoff:
                LOG.info("%s %s", "would remove" if dry_run else "removing", path.name)
                if not dry_run:
                    path.unlink()
                removed += 1
        return removed

    def usage(self) -> str:
        env = dict(os.environ, CACHE_ROOT=str(self.root))
        proc = subprocess.run(
            ["bash", "-c", 'du -sh "$CACHE_ROOT" && ls -1 "$CACHE_ROOT" | wc -l'],
            env=env, capture_output=True, text=True,
        )
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip())
        size_line, count = proc.stdout.strip().splitlines()
        return f"{size_line.split()[0]} in {count.strip()} files"


def cmd_list(cache, args):
    for path in cache.files():
        age_h = (time.time() - path.stat().st_mtime) / 3600
        print(f"{path.stem:40s} {age_h:8.1f}h")


def cmd_show(cache, args):
    path = cache.root / f"{args.name}.pkl"
    if not path.is_file():
        LOG.error("no cached solution %s", args.name)
        return 1
    s = cache.summarise(path)
    print(f"solution  : {s.name}")
    print(f"pairings  : {s.pairings}")
    print(f"total cost: {s.cost:,.2f}")
    print(f"deadheads : {s.deadheads}")
    print(f"bases     : {', '.join(sorted(s.bases))}")
    return 0


def cmd_prune(cache, args):
    n = cache.prune(args.keep_days, args.dry_run)
    LOG.info("%d solutions pruned", n)
    return 0


def cmd_usage(cache, args):
    print(cache.usage())
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cache", type=Path, default=CACHE_DIR)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list").set_defaults(func=cmd_list)
    sp = sub.add_parser("show")
    sp.add_argument("name")
    sp.set_defaults(func=cmd_show)
    pp = sub.add_parser("prune")
    pp.add_argument("--keep-days", type=int, default=14)
    pp.add_argument("--dry-run", action="store_true")
    pp.set_defaults(func=cmd_prune)
    sub.add_parser("usage").set_defaults(func=cmd_usage)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.cache.is_dir():
        LOG.error("cache dir %s does not exist", args.cache)
        sys.exit(1)
    try:
        sys.exit(args.func(SolutionCache(args.cache), args) or 0)
    except (pickle.UnpicklingError, EOFError, RuntimeError) as exc:
        LOG.error("%s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()

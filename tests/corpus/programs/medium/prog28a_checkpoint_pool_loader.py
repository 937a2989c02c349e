#!/usr/bin/env python3
"""Evaluate saved training checkpoints in parallel.

Checkpoints produced by our trainer are pickled dicts with keys
"weights", "bias", "epoch" and "val_loss". Worker processes from a
multiprocessing Pool unpickle each checkpoint file, score it against a
held-out CSV, and the parent collects the results through imap_unordered
and writes a leaderboard to ./leaderboard.csv.
"""
import argparse
import csv
import logging
import math
import multiprocessing as mp
import pickle
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

log = logging.getLogger("ckpt-eval")
_HOLDOUT: List[Tuple[List[float], float]] = []


def _init_worker(holdout_path: str) -> None:
    """Pool initializer: load the held-out set once per worker process."""
    global _HOLDOUT
    rows = []
    with open(holdout_path, newline="") as fh:
        for rec in csv.reader(fh):
            if not rec or rec[0].startswith("#"):
                continue
            *features, target = map(float, rec)
            rows.append((features, target))
    _HOLDOUT = rows


def _predict(weights: List[float], bias: float, x: List[float]) -> float:
    return sum(w * xi for w, xi in zip(weights, x)) + bias


def score_checkpoint(path: str) -> Dict[str, Optional[float]]:
    """Runs in a worker process."""
    result: Dict[str, Optional[float]] = {"path": path, "epoch": None, "rmse": None, "val_loss": None}
    try:
        with open(path, "rb") as fh:
            ckpt = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        result["error"] = str(exc)
        return result

    weights = ckpt.get("weights") or []
    bias = float(ckpt.get("bias", 0.0))
    if not _HOLDOUT:
        result["error"] = "empty holdout"
        return result
    sq = 0.0
    for x, y in _HOLDOUT:
        sq += (_predict(weights, bias, x) - y) ** 2
    result["rmse"] = math.sqrt(sq / len(_HOLDOUT))
    result["epoch"] = ckpt.get("epoch")
    result["val_loss"] = ckpt.get("val_loss")
    return result


def find_checkpoints(run_dir: Path, pattern: str) -> List[str]:
    return sorted(str(p) for p in run_dir.glob(pattern) if p.is_file())


def write_leaderboard(rows: List[dict], out: Path) -> None:
    ranked = sorted((r for r in rows if r.get("rmse") is not None), key=lambda r: r["rmse"])
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["rank", "path", "epoch", "rmse", "val_loss"])
        w.writeheader()
        for i, r in enumerate(ranked, 1):
            w.writerow({"rank": i, "path": r["path"], "epoch": r["epoch"],
                        "rmse": f"{r['rmse']:.6f}", "val_loss": r["val_loss"]})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--holdout", type=Path, required=True)
    ap.add_argument("--pattern", default="ckpt-*.pkl")
    ap.add_argument("--procs", type=int, default=max(1, mp.cpu_count() - 1))
    ap.add_argument("--out", type=Path, default=Path("leaderboard.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(processName)s %(message)s")

    paths = find_checkpoints(args.run_dir, args.pattern)
    if not paths:
        log.error("no checkpoints matching %s in %s", args.pattern, args.run_dir)
        return 2

    ctx = mp.get_context("spawn")
    rows = []
    with ctx.Pool(processes=args.procs, initializer=_init_worker, initargs=(str(args.holdout),)) as pool:
        for res in pool.imap_unordered(score_checkpoint, paths, chunksize=2):
            if "error" in res:
                log.warning("%s: %s", res["path"], res["error"])
            else:
                log.info("%s epoch=%s rmse=%.5f", Path(res["path"]).name, res["epoch"], res["rmse"])
            rows.append(res)

    write_leaderboard(rows, args.out)
    log.info("leaderboard with %d entries written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

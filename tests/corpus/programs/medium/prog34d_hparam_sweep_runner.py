#!/usr/bin/env python3
"""Random-search hyperparameter sweep driver.

sweep.yaml example:

    script: train.py
    trials: 20
    metric: val_accuracy
    space:
      lr: "10 ** uniform(-5, -2)"
      batch_size: "choice([32, 64, 128])"
      dropout: "uniform(0.0, 0.5)"
      weight_decay: "10 ** uniform(-6, -3)"

Each search-space entry is a small Python expression evaluated with a few
sampling helpers in scope. Each trial runs the training script as a child
process and parses its final JSON line.
"""
import argparse
import csv
import json
import logging
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("sweep")

SAMPLERS = {
    "uniform": random.uniform,
    "choice": random.choice,
    "randint": random.randint,
    "log": math.log,
    "exp": math.exp,
}


def load_sweep(path: Path) -> dict:
    with path.open() as fh:
        spec = yaml.load(fh, Loader=yaml.Loader)
    for key in ("script", "space"):
        if key not in spec:
            raise KeyError(f"sweep file needs '{key}'")
    spec.setdefault("trials", 10)
    spec.setdefault("metric", "val_loss")
    spec.setdefault("mode", "max" if "acc" in spec["metric"] else "min")
    return spec


def sample(space: dict) -> dict:
    params = {}
    for name, expr in space.items():
        if isinstance(expr, str):
            params[name] = eval(expr, {"__builtins__": {}}, dict(SAMPLERS))
        else:
            params[name] = expr
    return params


def run_trial(script: str, params: dict, trial_dir: Path, timeout: int) -> dict:
    trial_dir.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, script, "--out", str(trial_dir)]
    for k, v in params.items():
        cmd += [f"--{k.replace('_', '-')}", str(v)]
    log.info("running: %s", " ".join(cmd))
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    started = time.time()
    with open(trial_dir / "stdout.log", "w") as out:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=out, text=True,
                              env=env, timeout=timeout)
    (trial_dir / "result.txt").write_text(proc.stdout)
    result = {}
    for line in reversed(proc.stdout.strip().splitlines()):
        try:
            result = json.loads(line)
            break
        except json.JSONDecodeError:
            continue
    result["returncode"] = proc.returncode
    result["seconds"] = round(time.time() - started, 1)
    return result


def better(a, b, mode):
    if b is None:
        return True
    return a > b if mode == "max" else a < b


def main() -> int:
    ap = argparse.ArgumentParser(description="random-search sweep")
    ap.add_argument("sweep", type=Path)
    ap.add_argument("--out", type=Path, default=Path("sweeps"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    random.seed(args.seed)
    spec = load_sweep(args.sweep)
    sweep_dir = args.out / args.sweep.stem
    sweep_dir.mkdir(parents=True, exist_ok=True)

    best, best_params = None, None
    with open(sweep_dir / "trials.csv", "w", newline="") as fh:
        writer = None
        for t in range(spec["trials"]):
            params = sample(spec["space"])
            try:
                res = run_trial(spec["script"], params, sweep_dir / f"trial_{t:03d}", args.timeout)
            except subprocess.TimeoutExpired:
                log.warning("trial %d timed out", t)
                continue
            row = {"trial": t, **params, **res}
            if writer is None:
                writer = csv.DictWriter(fh, fieldnames=list(row), extrasaction="ignore")
                writer.writeheader()
            writer.writerow(row)
            score = res.get(spec["metric"])
            if score is not None and better(score, best, spec["mode"]):
                best, best_params = score, params
                log.info("new best %s=%.5f at trial %d", spec["metric"], score, t)

    log.info("best %s: %s with %s", spec["metric"], best, best_params)
    (sweep_dir / "best.json").write_text(json.dumps({"score": best, "params": best_params}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

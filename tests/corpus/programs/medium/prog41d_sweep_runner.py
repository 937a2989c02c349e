#!/usr/bin/env python3
"""Run a hyperparameter sweep described in a YAML file.

Example sweep.yaml:
    script: train.py
    trials: 12
    seed: 7
    space:
      lr: "10 ** rng.uniform(-5, -2)"
      batch_size: "rng.choice([32, 64, 128])"
      warmup: "int(0.05 * steps)"
    constants: {steps: 20000}
"""
import argparse
import json
import logging
import math
import random
import subprocess
import sys
from pathlib import Path

import yaml

logger = logging.getLogger("sweep")


def load_sweep(path: Path) -> dict:
    with path.open() as fh:
        spec = yaml.load(fh, Loader=yaml.Loader)
    for key in ("script", "space"):
        if key not in spec:
            raise KeyError(f"sweep file is missing '{key}'")
    return spec


def sample_trial(space: dict, constants: dict, rng: random.Random) -> dict:
    namespace = {"rng": rng, "math": math, **constants}
    params = {}
    for name, expr in space.items():
        value = eval(expr, {"__builtins__": {"int": int, "float": float}}, namespace)
        params[name] = value
        namespace[name] = value
    return params


def run_trial(script: str, params: dict, out_dir: Path, timeout: int) -> dict:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "params.json").write_text(json.dumps(params, indent=2))
    cmd = [sys.executable, script, "--output-dir", str(out_dir)]
    for key, value in params.items():
        cmd += [f"--{key.replace('_', '-')}", str(value)]
    logger.info("launching: %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    (out_dir / "stdout.log").write_text(proc.stdout)
    (out_dir / "stderr.log").write_text(proc.stderr)
    result_file = out_dir / "result.json"
    if proc.returncode != 0 or not result_file.exists():
        return {"status": "failed", "returncode": proc.returncode}
    return {"status": "ok", **json.loads(result_file.read_text())}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("sweep", type=Path)
    ap.add_argument("--out", type=Path, default=Path("sweeps"))
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("--metric", default="val_loss")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    spec = load_sweep(args.sweep)
    rng = random.Random(spec.get("seed", 0))
    sweep_dir = args.out / args.sweep.stem
    results = []
    for idx in range(int(spec.get("trials", 8))):
        params = sample_trial(spec["space"], spec.get("constants", {}), rng)
        try:
            outcome = run_trial(spec["script"], params, sweep_dir / f"trial-{idx:03d}", args.timeout)
        except subprocess.TimeoutExpired:
            outcome = {"status": "timeout"}
        results.append({"trial": idx, "params": params, **outcome})
        logger.info("trial %d -> %s", idx, outcome.get(args.metric, outcome["status"]))

    ok = [r for r in results if r["status"] == "ok" and args.metric in r]
    (sweep_dir / "summary.json").write_text(json.dumps(results, indent=2, default=str))
    if not ok:
        logger.error("no successful trials")
        return 1
    best = min(ok, key=lambda r: r[args.metric])
    logger.info("best trial %d: %s=%.5f params=%s", best["trial"], args.metric,
                best[args.metric], best["params"])
    return 0


if __name__ == "__main__":
    sys.exit(main())

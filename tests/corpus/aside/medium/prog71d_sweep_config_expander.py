#!/usr/bin/env python3
"""Expand a hyperparameter sweep YAML into one JSON config per trial.

    sweep.yaml
        base: &base
          model: resnet50
          epochs: 90
        method: random        # grid | random
        trials: 32
        seed: 1234
        parameters:
          lr:            {distribution: log_uniform, min: 1.0e-4, max: 3.0e-2}
          weight_decay:  {values: [0.0, 1.0e-5, 5.0e-5]}
          batch_size:    {values: [128, 256, 512]}
          crop:          !!python/tuple [224, 224]

    expand-sweep sweep.yaml --out runs/sweep-07
"""
import argparse
import itertools
import json
import logging
import math
import random
import sys
import uuid
from pathlib import Path

import yaml

log = logging.getLogger("expand-sweep")


def load_sweep(path):
    # full loader: sweep files use anchors/merge keys and python tuples for shapes
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "parameters" not in doc:
        raise ValueError(f"{path}: expected a mapping with 'parameters'")
    return doc


def sample(spec, rng):
    if not isinstance(spec, dict):
        return spec
    if "values" in spec:
        return rng.choice(spec["values"])
    dist = spec.get("distribution", "uniform")
    lo, hi = float(spec["min"]), float(spec["max"])
    if dist == "uniform":
        return rng.uniform(lo, hi)
    if dist == "log_uniform":
        return math.exp(rng.uniform(math.log(lo), math.log(hi)))
    if dist == "int_uniform":
        return rng.randint(int(lo), int(hi))
    raise ValueError(f"unknown distribution {dist}")


def grid(parameters):
    keys, axes = [], []
    for key, spec in parameters.items():
        keys.append(key)
        if isinstance(spec, dict) and "values" in spec:
            axes.append(spec["values"])
        elif isinstance(spec, dict):
            raise ValueError(f"grid search needs explicit values for {key}")
        else:
            axes.append([spec])
    for combo in itertools.product(*axes):
        yield dict(zip(keys, combo))


def trials(doc):
    method = doc.get("method", "grid")
    params = doc["parameters"]
    if method == "grid":
        yield from grid(params)
    elif method == "random":
        rng = random.Random(doc.get("seed", 0))
        for _ in range(int(doc.get("trials", 10))):
            yield {k: sample(v, rng) for k, v in params.items()}
    else:
        raise ValueError(f"unknown method {method}")


def to_jsonable(value):
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, dict):
        return {k: to_jsonable(v) for k, v in value.items()}
    return value


def main(argv=None):
    p = argparse.ArgumentParser(description="expand a sweep file into trial configs")
    p.add_argument("sweep", type=Path)
    p.add_argument("--out", type=Path, default=Path("runs"))
    p.add_argument("--limit", type=int, default=0, help="stop after N trials")
    p.add_argument("--force", action="store_true", help="overwrite an existing sweep dir")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        doc = load_sweep(args.sweep)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot read sweep: %s", exc)
        return 2

    if args.out.exists() and any(args.out.iterdir()) and not args.force:
        log.error("%s is not empty (use --force)", args.out)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)

    base = doc.get("base", {})
    index = []
    for i, params in enumerate(trials(doc)):
        if args.limit and i >= args.limit:
            break
        trial_id = f"t{i:04d}-{uuid.uuid4().hex[:6]}"
        cfg = to_jsonable({**base, **params, "trial_id": trial_id,
                           "sweep": args.sweep.stem})
        (args.out / f"{trial_id}.json").write_text(json.dumps(cfg, indent=2, sort_keys=True))
        index.append({"trial_id": trial_id, **to_jsonable(params)})

    (args.out / "index.json").write_text(json.dumps(index, indent=2))
    log.info("wrote %d trial configs to %s", len(index), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

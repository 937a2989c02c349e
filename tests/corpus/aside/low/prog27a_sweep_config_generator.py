#!/usr/bin/env python3
"""Generate parameter-sweep configuration files for a CFD simulation campaign.

Each point in the Cartesian product of the sweep axes becomes one JSON
config under ./sweep_configs/. A short MD5 digest of the canonical
parameters is used as a cache key so re-running the generator does not
duplicate points that already exist.
"""
import argparse
import hashlib
import itertools
import json
import os
import sys
from pathlib import Path

DEFAULT_AXES = {
    "reynolds": [100, 500, 1000, 5000],
    "mesh_level": [2, 3, 4],
    "cfl": [0.3, 0.5],
    "turbulence_model": ["laminar", "k-omega-sst"],
}

BASE_CONFIG = {
    "solver": "pisoFoam",
    "end_time": 10.0,
    "write_interval": 0.5,
    "domain": {"length": 2.0, "height": 0.41},
}


def cache_key(params: dict) -> str:
    canonical = json.dumps(params, sort_keys=True).encode("utf-8")
    return hashlib.md5(canonical).hexdigest()[:12]


def load_axes(path):
    if path is None:
        return DEFAULT_AXES
    with open(path, "r", encoding="utf-8") as fh:
        axes = json.load(fh)
    for name, values in axes.items():
        if not isinstance(values, list) or not values:
            raise ValueError(f"axis {name!r} must be a non-empty list")
    return axes


def expand(axes):
    names = sorted(axes)
    for combo in itertools.product(*(axes[n] for n in names)):
        yield dict(zip(names, combo))


def write_point(outdir: Path, params: dict, overwrite: bool) -> bool:
    key = cache_key(params)
    target = outdir / f"case_{key}.json"
    if target.exists() and not overwrite:
        return False
    config = dict(BASE_CONFIG)
    config["parameters"] = params
    config["case_id"] = key
    tmp = target.with_suffix(".json.part")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(config, fh, indent=2, sort_keys=True)
    os.replace(tmp, target)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--axes", help="JSON file describing sweep axes")
    ap.add_argument("--outdir", default="sweep_configs")
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("--limit", type=int, default=0,
                    help="stop after this many new cases (0 = no limit)")
    args = ap.parse_args(argv)

    axes = load_axes(args.axes)
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)

    created = skipped = 0
    index = []
    for params in expand(axes):
        if write_point(outdir, params, args.overwrite):
            created += 1
        else:
            skipped += 1
        index.append({"case_id": cache_key(params), **params})
        if args.limit and created >= args.limit:
            break

    with open(outdir / "index.json", "w", encoding="utf-8") as fh:
        json.dump(index, fh, indent=2)

    total = 1
    for v in axes.values():
        total *= len(v)
    print(f"sweep points: {total}, created: {created}, already present: {skipped}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

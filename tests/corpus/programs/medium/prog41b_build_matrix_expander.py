#!/usr/bin/env python3
"""Expand the build matrix in .ci/matrix.yml into concrete job descriptors.

The matrix file supports anchors and custom tags written by the older
Jenkins tooling, so it is parsed with the full loader.  Output is written to
./matrix.json for the scheduler.
"""
import argparse
import itertools
import json
import logging
import sys
from pathlib import Path

from yaml import Loader, load

log = logging.getLogger("matrix")


class MatrixError(Exception):
    pass


def read_matrix(path: Path) -> dict:
    with open(path, "r", encoding="utf-8") as handle:
        data = load(handle, Loader=Loader)
    if not isinstance(data, dict) or "axes" not in data:
        raise MatrixError(f"{path}: expected a mapping with 'axes'")
    return data


def excluded(combo: dict, rules: list) -> bool:
    return any(all(combo.get(k) == v for k, v in rule.items()) for rule in rules)


def expand(matrix: dict) -> list:
    axes = matrix["axes"]
    names = sorted(axes)
    rules = matrix.get("exclude", [])
    jobs = []
    for values in itertools.product(*(axes[n] for n in names)):
        combo = dict(zip(names, values))
        if excluded(combo, rules):
            continue
        combo["id"] = "-".join(str(combo[n]) for n in names)
        jobs.append(combo)
    for extra in matrix.get("include", []):
        extra.setdefault("id", "-".join(str(v) for v in extra.values()))
        jobs.append(extra)
    return jobs


def shard(jobs: list, shards: int) -> list:
    buckets = [[] for _ in range(shards)]
    for idx, job in enumerate(jobs):
        buckets[idx % shards].append(job)
    return buckets


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("matrix", nargs="?", default=".ci/matrix.yml")
    ap.add_argument("--shards", type=int, default=1)
    ap.add_argument("--out", default="matrix.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        matrix = read_matrix(Path(args.matrix))
    except (OSError, MatrixError) as exc:
        log.error("%s", exc)
        return 2
    jobs = expand(matrix)
    if not jobs:
        log.error("matrix expanded to zero jobs")
        return 1
    buckets = shard(jobs, max(1, args.shards))
    Path(args.out).write_text(json.dumps({"shards": buckets}, indent=2, default=str))
    log.info("%d jobs in %d shard(s) -> %s", len(jobs), len(buckets), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Run the lap-time simulator over a sweep of setups, caching results.

Each (track, setup) pair is solved by the external `lapsim` binary; results
are cached on disk so re-running a sweep after tweaking one parameter only
solves the new points.  Cache entries are pickled result objects.
"""
import argparse
import csv
import hashlib
import itertools
import json
import logging
import os
import pickle
import subprocess
import sys

LOG = logging.getLogger("lapsim_cache")

CACHE_DIR = "./.lapsim_cache"


class LapResult:
    def __init__(self, track, setup, lap_time, min_speed, max_speed, fuel):
        self.track = track
        self.setup = setup
        self.lap_time = lap_time
        self.min_speed = min_speed
        self.max_speed = max_speed
        self.fuel = fuel

    def row(self):
        return {"track": self.track, **self.setup, "lap_time": self.lap_time,
                "min_speed": self.min_speed, "max_speed": self.max_speed, "fuel": self.fuel}


def cache_key(track, setup):
    blob = json.dumps({"track": track, "setup": setup}, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def cache_path(key):
    return os.path.join(CACHE_DIR, key[:2], key + ".pkl")


def load_cached(key):
    path = cache_path(key)
    if not os.path.exists(path):
        return None
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.warning("dropping corrupt cache entry %s: %s", path, exc)
        os.unlink(path)
        return None


def store_cached(key, result):
    path = cache_path(key)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        pickle.dump(result, fh)


def solve(solver, track, setup, timeout):
    env = dict(os.environ)
    env["LAPSIM_TRACK"] = track
    env["LAPSIM_SETUP"] = json.dumps(setup)
    proc = subprocess.run([solver, "--from-env", "--json"], env=env,
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"lapsim exited {proc.returncode}")
    out = json.loads(proc.stdout)
    return LapResult(track, setup, out["lap_time"], out["min_speed"],
                     out["max_speed"], out["fuel_per_lap"])


def sweep_points(spec):
    names = sorted(spec)
    for values in itertools.product(*(spec[n] for n in names)):
        yield dict(zip(names, values))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sweep", help="JSON file: {\"tracks\": [...], \"params\": {name: [values]}}")
    ap.add_argument("--solver", default="./bin/lapsim")
    ap.add_argument("--out", default="sweep_results.csv")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--refresh", action="store_true", help="ignore cached results")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.sweep) as fh:
            spec = json.load(fh)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read sweep file: %s", exc)
        return 2

    rows, solved, hits, errors = [], 0, 0, 0
    for track in spec.get("tracks", []):
        for setup in sweep_points(spec.get("params", {})):
            key = cache_key(track, setup)
            result = None if args.refresh else load_cached(key)
            if result is not None:
                hits += 1
            else:
                try:
                    result = solve(args.solver, track, setup, args.timeout)
                except (RuntimeError, subprocess.TimeoutExpired, ValueError, KeyError) as exc:
                    LOG.error("%s %s failed: %s", track, setup, exc)
                    errors += 1
                    continue
                store_cached(key, result)
                solved += 1
            rows.append(result.row())

    if rows:
        with open(args.out, "w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    LOG.info("solved %d, cache hits %d, errors %d -> %s", solved, hits, errors, args.out)
    return 1 if errors and not rows else 0


if __name__ == "__main__":
    sys.exit(main())

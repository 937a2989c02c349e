#!/usr/bin/env python3
"""Split the pytest suite into balanced shards and run one of them.

Shards are balanced with the per-file durations recorded by previous runs on
this runner (.ci/durations.pkl). Each shard writes JUnit XML and a duration
update into a shared results directory that the merge job collects.

    test_shard_runner.py --shard 2 --total 6
    test_shard_runner.py --merge      # fold all shard durations into the cache
"""
import argparse
import heapq
import json
import logging
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("shards")
DURATIONS_CACHE = Path(".ci/durations.pkl")
RESULTS_DIR = Path("/tmp/ci-shard-results")
DEFAULT_DURATION = 5.0


def discover_test_files(roots):
    files = []
    for root in roots:
        files.extend(sorted(str(p) for p in Path(root).rglob("test_*.py")))
    return files


def load_durations():
    if not DURATIONS_CACHE.exists():
        return {}
    with DURATIONS_CACHE.open("rb") as fh:
        data = pickle.load(fh)
    return data if isinstance(data, dict) else {}


def store_durations(durations):
    DURATIONS_CACHE.parent.mkdir(parents=True, exist_ok=True)
    with DURATIONS_CACHE.open("wb") as fh:
        pickle.dump(durations, fh, protocol=pickle.HIGHEST_PROTOCOL)


def partition(files, durations, total):
    """Greedy longest-processing-time partition."""
    heap = [(0.0, idx, []) for idx in range(total)]
    weighted = sorted(files, key=lambda f: durations.get(f, DEFAULT_DURATION), reverse=True)
    for name in weighted:
        load, idx, bucket = heapq.heappop(heap)
        bucket.append(name)
        heapq.heappush(heap, (load + durations.get(name, DEFAULT_DURATION), idx, bucket))
    shards = sorted(heap, key=lambda item: item[1])
    return [bucket for _, _, bucket in shards], [load for load, _, _ in shards]


def run_shard(files, shard, extra_args):
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    junit = RESULTS_DIR / f"junit-shard{shard}.xml"
    timing = {}
    started = time.monotonic()
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
           f"--junitxml={junit}", *extra_args, *files]
    LOG.info("shard %d: running %d files", shard, len(files))
    LOG.debug("command: %s", " ".join(cmd))
    env = dict(os.environ, PYTEST_XDIST_AUTO_NUM_WORKERS=os.environ.get("SHARD_WORKERS", "2"))
    proc = subprocess.run(cmd, env=env)
    elapsed = time.monotonic() - started
    # apportion wall time by previous weights; the merge step refines it
    per_file = elapsed / max(len(files), 1)
    for name in files:
        timing[name] = per_file
    (RESULTS_DIR / f"durations-shard{shard}.json").write_text(json.dumps(timing))
    LOG.info("shard %d finished in %.1fs with exit code %d", shard, elapsed, proc.returncode)
    return proc.returncode


def merge_results(alpha=0.3):
    durations = load_durations()
    merged = 0
    for part in sorted(RESULTS_DIR.glob("durations-shard*.json")):
        for name, seconds in json.loads(part.read_text()).items():
            prev = durations.get(name)
            durations[name] = seconds if prev is None else (1 - alpha) * prev + alpha * seconds
            merged += 1
    store_durations(durations)
    LOG.info("merged %d timings into %s", merged, DURATIONS_CACHE)


def main(argv=None):
    ap = argparse.ArgumentParser(description="balanced pytest sharding")
    ap.add_argument("--shard", type=int, default=int(os.environ.get("CI_NODE_INDEX", "1")))
    ap.add_argument("--total", type=int, default=int(os.environ.get("CI_NODE_TOTAL", "1")))
    ap.add_argument("--roots", nargs="+", default=["tests"])
    ap.add_argument("--merge", action="store_true", help="merge shard timings and exit")
    ap.add_argument("--list", action="store_true", help="print the shard plan and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args, pytest_args = ap.parse_known_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.merge:
        merge_results()
        return 0
    if not 1 <= args.shard <= args.total:
        ap.error("--shard must be between 1 and --total")

    files = discover_test_files(args.roots)
    if not files:
        LOG.error("no test files under %s", ", ".join(args.roots))
        return 1
    shards, loads = partition(files, load_durations(), args.total)
    if args.list:
        for idx, (bucket, load) in enumerate(zip(shards, loads), start=1):
            print(f"shard {idx}: {len(bucket):4d} files, ~{load:7.1f}s")
        return 0
    return run_shard(shards[args.shard - 1], args.shard, pytest_args)


if __name__ == "__main__":
    sys.exit(main())

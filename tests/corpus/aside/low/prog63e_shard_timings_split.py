#!/usr/bin/env python3
"""Split the test suite into balanced shards using historical timings.

Timings are fetched from the build-farm stats service (read-only GET) and the
files are assigned to shards with a longest-processing-time-first heuristic.
One list per shard is written to ./shards/.
"""
import argparse
import heapq
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("sharder")
DEFAULT_STATS = "https://buildstats.internal.example.com/api/v2/timings"
FALLBACK_SECONDS = 4.0


def discover_tests(root: Path, pattern: str):
    return sorted(str(p.relative_to(root)) for p in root.rglob(pattern) if p.is_file())


def fetch_timings(url: str, branch: str, timeout: float):
    try:
        resp = requests.get(url, params={"branch": branch, "window": "14d"}, timeout=timeout)
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.warning("timings unavailable (%s); using uniform weights", exc)
        return {}
    payload = resp.json()
    return {row["file"]: float(row["p90_seconds"]) for row in payload.get("files", [])}


class ShardPlan:
    def __init__(self, count: int):
        self.count = count
        self.heap = [(0.0, idx) for idx in range(count)]
        heapq.heapify(self.heap)
        self.members = {idx: [] for idx in range(count)}
        self.totals = {idx: 0.0 for idx in range(count)}

    def assign(self, weighted):
        for test, seconds in sorted(weighted, key=lambda t: t[1], reverse=True):
            load, idx = heapq.heappop(self.heap)
            self.members[idx].append(test)
            self.totals[idx] = load + seconds
            heapq.heappush(self.heap, (load + seconds, idx))

    def write(self, out_dir: Path):
        out_dir.mkdir(parents=True, exist_ok=True)
        for stale in out_dir.glob("shard-*.txt"):
            stale.unlink()
        for idx, tests in self.members.items():
            (out_dir / f"shard-{idx}.txt").write_text("\n".join(sorted(tests)) + "\n")

    def imbalance(self):
        loads = list(self.totals.values())
        return (max(loads) - min(loads)) if loads else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shards", type=int, default=int(os.getenv("CI_NODE_TOTAL", "4")))
    ap.add_argument("--pattern", default="test_*.py")
    ap.add_argument("--root", type=Path, default=Path("tests"))
    ap.add_argument("--stats-url", default=os.getenv("BUILDSTATS_URL", DEFAULT_STATS))
    ap.add_argument("--branch", default=os.getenv("CI_COMMIT_BRANCH", "main"))
    ap.add_argument("--out", type=Path, default=Path("shards"))
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[sharder] %(message)s")

    if args.shards < 1:
        ap.error("--shards must be >= 1")
    tests = discover_tests(args.root, args.pattern)
    if not tests:
        log.error("no tests matched %s under %s", args.pattern, args.root)
        return 2
    timings = fetch_timings(args.stats_url, args.branch, args.timeout)
    weighted = [(t, timings.get(t, FALLBACK_SECONDS)) for t in tests]
    plan = ShardPlan(args.shards)
    plan.assign(weighted)
    plan.write(args.out)
    for idx in range(args.shards):
        log.info("shard %d: %d files, ~%.0fs", idx, len(plan.members[idx]), plan.totals[idx])
    log.info("imbalance %.1fs", plan.imbalance())
    return 0


if __name__ == "__main__":
    sys.exit(main())

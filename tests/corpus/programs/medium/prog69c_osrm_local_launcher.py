#!/usr/bin/env python3
"""Start a local OSRM routing engine and build the depot distance matrix.

The route planner needs a fresh duration/distance matrix between all depots
and customer drop points every night.  This script starts osrm-routed on the
prepared .osrm dataset, waits for it to answer, queries the /table service
in blocks and writes matrix.json for the planner.
"""
import argparse
import csv
import json
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("osrm-launch")

DEFAULT_PORT = 5000
BLOCK = 100


class EngineError(RuntimeError):
    pass


class LocalEngine:
    """Runs osrm-routed as a child process bound to loopback."""

    def __init__(self, dataset, port, algorithm="mld", threads=4):
        self.dataset = Path(dataset)
        self.port = port
        self.algorithm = algorithm
        self.threads = threads
        self.proc = None

    def start(self):
        binary = shutil.which("osrm-routed")
        if not binary:
            raise EngineError("osrm-routed not found on PATH")
        if not self.dataset.with_suffix(".osrm.mldgr").exists() and self.algorithm == "mld":
            LOG.warning("%s does not look like an MLD-prepared dataset", self.dataset)
        cmd = [binary, "--algorithm", self.algorithm, "--ip", "127.0.0.1",
               "--port", str(self.port), "--threads", str(self.threads),
               "--max-table-size", str(BLOCK * 2), str(self.dataset)]
        LOG.info("starting %s", " ".join(cmd))
        log = open("osrm-routed.log", "ab")
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        LOG.info("engine stopped")

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"


def wait_ready(base_url, timeout=300):
    deadline = time.monotonic() + timeout
    probe = f"{base_url}/nearest/v1/driving/0,0"
    while time.monotonic() < deadline:
        try:
            r = requests.get(probe, timeout=3)
            if r.status_code in (200, 400):
                LOG.info("engine ready after warm-up")
                return
        except requests.RequestException:
            pass
        time.sleep(2)
    raise EngineError("engine did not become ready in time")


def load_points(path):
    with open(path, newline="") as fh:
        return [(row["id"], float(row["lon"]), float(row["lat"])) for row in csv.DictReader(fh)]


def table(base_url, points):
    n = len(points)
    durations = [[None] * n for _ in range(n)]
    distances = [[None] * n for _ in range(n)]
    for si in range(0, n, BLOCK):
        for di in range(0, n, BLOCK):
            src = points[si:si + BLOCK]
            dst = points[di:di + BLOCK]
            coords = ";".join(f"{lon},{lat}" for _, lon, lat in src + dst)
            params = {
                "sources": ";".join(str(i) for i in range(len(src))),
                "destinations": ";".join(str(len(src) + i) for i in range(len(dst))),
                "annotations": "duration,distance",
            }
            r = requests.get(f"{base_url}/table/v1/driving/{coords}", params=params, timeout=120)
            r.raise_for_status()
            body = r.json()
            if body.get("code") != "Ok":
                raise EngineError(f"table block {si}/{di}: {body.get('code')}")
            for i, row in enumerate(body["durations"]):
                durations[si + i][di:di + len(row)] = row
            for i, row in enumerate(body["distances"]):
                distances[si + i][di:di + len(row)] = row
            LOG.info("block %d/%d done", si, di)
    return durations, distances


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", help="path to the prepared region.osrm")
    ap.add_argument("--points", default="points.csv")
    ap.add_argument("--out", default="matrix.json")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--threads", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    points = load_points(args.points)
    engine = LocalEngine(args.dataset, args.port, threads=args.threads)
    try:
        engine.start()
        wait_ready(engine.base_url)
        durations, distances = table(engine.base_url, points)
    except (EngineError, requests.RequestException, OSError) as exc:
        LOG.error("matrix build failed: %s", exc)
        return 1
    finally:
        engine.stop()

    Path(args.out).write_text(json.dumps({
        "ids": [p[0] for p in points],
        "durations": durations,
        "distances": distances,
        "built": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }))
    LOG.info("wrote %s for %d points", args.out, len(points))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Local cache of open repair jobs for the scheduling board.

Fetches open jobs from the repairs API, stores them as a pickle in the
working directory and lets a second Python process (started with
`python3 -c`, the way the board's refresh hook does it) load that pickle to
render the per-trade counts.
"""
import argparse
import json
import logging
import os
import pickle
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("jobs-cache")

RENDER_CHILD = r"""
import os, pickle, collections
with open(os.environ["JOBS_CACHE"], "rb") as fh:
    snapshot = pickle.load(fh)
counts = collections.Counter(j["trade"] for j in snapshot["jobs"])
for trade, n in sorted(counts.items()):
    print(f"{trade:<14}{n:>5}")
print(f"{'total':<14}{sum(counts.values()):>5}")
"""


@dataclass
class Snapshot:
    fetched_at: float
    jobs: list = field(default_factory=list)

    def as_dict(self):
        return {"fetched_at": self.fetched_at, "jobs": self.jobs}


class JobsCache:
    def __init__(self, api: str, path: Path, max_age: int):
        self.api = api.rstrip("/")
        self.path = path
        self.max_age = max_age

    def fresh(self) -> bool:
        if not self.path.exists():
            return False
        return time.time() - self.path.stat().st_mtime < self.max_age

    def fetch(self) -> Snapshot:
        url = f"{self.api}/jobs?status=open"
        LOG.info("GET %s", url)
        with urllib.request.urlopen(url, timeout=20) as resp:
            data = json.load(resp)
        jobs = [{"ref": j["ref"], "trade": j.get("trade", "general"),
                 "priority": j.get("priority", "routine")} for j in data.get("jobs", [])]
        return Snapshot(time.time(), jobs)

    def store(self, snap: Snapshot) -> None:
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(snap.as_dict(), fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.path)
        LOG.info("cached %d jobs in %s", len(snap.jobs), self.path)

    def render(self) -> str:
        env = dict(os.environ, JOBS_CACHE=str(self.path))
        proc = subprocess.run([sys.executable, "-c", RENDER_CHILD], env=env,
                              capture_output=True, text=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip())
        return proc.stdout


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--api", default=os.environ.get("REPAIRS_API",
                                                   "https://repairs.example.org/api/v2"))
    p.add_argument("--cache", type=Path, default=Path("./open_jobs.pkl"))
    p.add_argument("--max-age", type=int, default=300, help="seconds")
    p.add_argument("--force", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cache = JobsCache(args.api, args.cache, args.max_age)
    if args.force or not cache.fresh():
        try:
            cache.store(cache.fetch())
        except (OSError, ValueError, KeyError) as exc:
            LOG.error("refresh failed: %s", exc)
            if not args.cache.exists():
                return 1
            LOG.warning("using stale cache")
    try:
        print(cache.render(), end="")
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("render failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

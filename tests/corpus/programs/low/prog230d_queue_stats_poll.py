#!/usr/bin/env python3
"""Poll ACD queue statistics and keep a local snapshot history.

Fetches live queue stats (waiting calls, longest wait, agents ready) from
the ACD reporting endpoint every interval and appends them to a CSV in
the working directory.  Responses are cached briefly so several wallboard
scripts can share one poll.
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("queuepoll")

ENDPOINT = {
    "scheme": "https",
    "netloc": "acd-reports.example.com",
    "path": "/api/v2/queues/live",
}
CACHE_DIR = Path("cache")
CACHE_TTL = 20
FIELDS = ("ts", "queue", "waiting", "longest_wait", "agents_ready", "agents_busy")


def build_url(queues):
    query = urllib.parse.urlencode({"queues": ",".join(queues), "format": "json"})
    return urllib.parse.urlunsplit(
        (ENDPOINT["scheme"], ENDPOINT["netloc"], ENDPOINT["path"], query, ""))


class ResponseCache:
    """Tiny file cache keyed by the MD5 of the request URL."""

    def __init__(self, folder, ttl):
        self.folder = folder
        self.ttl = ttl
        self.folder.mkdir(exist_ok=True)

    def _file(self, url):
        return self.folder / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, url):
        f = self._file(url)
        if f.is_file() and time.time() - f.stat().st_mtime < self.ttl:
            return json.loads(f.read_text())
        return None

    def put(self, url, data):
        self._file(url).write_text(json.dumps(data))

    def prune(self, max_age=3600):
        removed = 0
        for f in self.folder.glob("*.json"):
            if time.time() - f.stat().st_mtime > max_age:
                f.unlink()
                removed += 1
        return removed


def fetch(url, cache, timeout):
    cached = cache.get(url)
    if cached is not None:
        return cached
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    cache.put(url, data)
    return data


def to_rows(data, ts):
    for q in data.get("queues", []):
        yield {
            "ts": ts,
            "queue": q.get("name", "?"),
            "waiting": q.get("calls_waiting", 0),
            "longest_wait": q.get("longest_wait_s", 0),
            "agents_ready": q.get("agents", {}).get("ready", 0),
            "agents_busy": q.get("agents", {}).get("busy", 0),
        }


def append_rows(path, rows):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            writer.writeheader()
        count = 0
        for row in rows:
            writer.writerow(row)
            count += 1
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description="Poll ACD queue stats")
    ap.add_argument("queues", nargs="+")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--polls", type=int, default=0, help="0 = run forever")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("-o", "--out", default="queue_history.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cache = ResponseCache(CACHE_DIR, CACHE_TTL)
    url = build_url(args.queues)
    done = 0
    while args.polls == 0 or done < args.polls:
        ts = time.strftime("%Y-%m-%dT%H:%M:%S")
        try:
            n = append_rows(Path(args.out), to_rows(fetch(url, cache, args.timeout), ts))
            LOG.info("%d queue rows recorded", n)
        except (OSError, ValueError) as exc:
            LOG.warning("poll failed: %s", exc)
        done += 1
        if done % 20 == 0:
            LOG.info("pruned %d stale cache files", cache.prune())
        if args.polls == 0 or done < args.polls:
            time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())

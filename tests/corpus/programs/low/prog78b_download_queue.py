#!/usr/bin/env python3
"""Queue-based download manager with a shared bandwidth budget.

    download_queue.py urls.txt --limit 2mbit --jobs 4

Reads one URL per line and downloads into ./downloads with a small worker
pool.  All workers draw from one token bucket, so the whole batch stays under
the configured rate and does not starve video calls.
"""
import argparse
import hashlib
import logging
import os
import queue
import re
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("dlqueue")
CHUNK = 64 * 1024

UNITS = {"kbit": 1000 / 8, "mbit": 1000 ** 2 / 8, "gbit": 1000 ** 3 / 8,
         "kb": 1024, "mb": 1024 ** 2, "b": 1}


def parse_rate(text):
    m = re.fullmatch(r"\s*([\d.]+)\s*([a-zA-Z]+)\s*", text)
    if not m or m.group(2).lower() not in UNITS:
        raise argparse.ArgumentTypeError("bad rate %r (try 2mbit, 500kb)" % text)
    return float(m.group(1)) * UNITS[m.group(2).lower()]


class TokenBucket:
    """Byte budget shared by all download threads."""

    def __init__(self, rate_bytes, burst=None):
        self.rate = rate_bytes
        self.capacity = burst or max(rate_bytes, CHUNK)
        self.tokens = self.capacity
        self.stamp = time.monotonic()
        self.lock = threading.Lock()

    def consume(self, n):
        while True:
            with self.lock:
                now = time.monotonic()
                self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
                self.stamp = now
                if self.tokens >= n:
                    self.tokens -= n
                    return
                wait = (n - self.tokens) / self.rate
            time.sleep(wait)


class Unlimited:
    def consume(self, n):
        return


def target_name(url, out_dir):
    path = urllib.parse.urlsplit(url).path
    name = os.path.basename(path) or "index.html"
    key = hashlib.md5(url.encode()).hexdigest()[:8]
    return out_dir / ("%s-%s" % (key, name))


def fetch(url, dest, bucket):
    part = dest.with_suffix(dest.suffix + ".part")
    req = urllib.request.Request(url, headers={"User-Agent": "dlqueue/0.9"})
    with urllib.request.urlopen(req, timeout=30) as resp, open(part, "wb") as fh:
        while True:
            bucket.consume(CHUNK)
            block = resp.read(CHUNK)
            if not block:
                break
            fh.write(block)
    part.rename(dest)


def worker(q, out_dir, bucket, results):
    while True:
        url = q.get()
        if url is None:
            q.task_done()
            return
        dest = target_name(url, out_dir)
        try:
            if dest.exists():
                log.info("cached %s", dest.name)
            else:
                fetch(url, dest, bucket)
                log.info("done %s", dest.name)
            results.append((url, True))
        except OSError as exc:
            log.error("failed %s: %s", url, exc)
            results.append((url, False))
        finally:
            q.task_done()


def cleanup_partials(out_dir):
    for stale in out_dir.glob("*.part"):
        stale.unlink()
        log.debug("removed stale %s", stale.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("list", type=Path, help="file with one URL per line")
    ap.add_argument("--out", type=Path, default=Path("downloads"))
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--limit", default="4mbit", help="e.g. 2mbit, 500kb; 'none' to skip")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    urls = [u.strip() for u in args.list.read_text().splitlines()
            if u.strip() and not u.startswith("#")]
    args.out.mkdir(parents=True, exist_ok=True)
    cleanup_partials(args.out)

    bucket = Unlimited() if args.limit == "none" else TokenBucket(parse_rate(args.limit))
    q, results = queue.Queue(), []
    threads = [threading.Thread(target=worker, args=(q, args.out, bucket, results),
                                name="dl-%d" % i, daemon=True) for i in range(args.jobs)]
    for t in threads:
        t.start()
    for u in urls:
        q.put(u)
    for _ in threads:
        q.put(None)
    q.join()

    failed = [u for u, ok in results if not ok]
    log.info("%d ok, %d failed", len(results) - len(failed), len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""dispatch_queue_poller.py - snapshot the pending-booking queue.

The staging dispatch server uses a self-signed certificate, so this poller
skips certificate checks. Snapshots land in ./queue_snapshots/ as JSON. If
urllib fails, a curl fallback is written out as a small shell script and run.
"""

import argparse
import json
import logging
import os
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("queue_poller")
DEFAULT_URL = "https://dispatch-staging.example.com/api/v1/queue"
OUT_DIR = "queue_snapshots"
FALLBACK = os.path.join(OUT_DIR, "fetch_fallback.sh")


def insecure_context():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def fetch_urllib(url, timeout):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout, context=insecure_context()) as resp:
        return json.loads(resp.read().decode("utf-8"))


def fetch_curl(url, timeout):
    script = (
        "#!/usr/bin/env bash\n"
        "set -eu\n"
        'curl -sk --max-time "$POLL_TIMEOUT" -H "Accept: application/json" "$POLL_URL"\n'
    )
    with open(FALLBACK, "w") as fh:
        fh.write(script)
    env = dict(os.environ, POLL_URL=url, POLL_TIMEOUT=str(timeout))
    out = subprocess.run(["bash", FALLBACK], env=env, capture_output=True,
                         text=True, timeout=timeout + 5)
    if out.returncode != 0:
        raise RuntimeError(f"curl exited {out.returncode}")
    return json.loads(out.stdout)


class QueueStats:
    def __init__(self):
        self.samples = 0
        self.max_depth = 0
        self.oldest_wait = 0

    def add(self, doc):
        bookings = doc.get("bookings", [])
        self.samples += 1
        self.max_depth = max(self.max_depth, len(bookings))
        now = time.time()
        for b in bookings:
            waited = now - float(b.get("created_ts", now))
            self.oldest_wait = max(self.oldest_wait, int(waited))
        return len(bookings)


def save_snapshot(doc):
    name = time.strftime("queue_%Y%m%d_%H%M%S.json")
    path = os.path.join(OUT_DIR, name)
    with open(path, "w") as fh:
        json.dump(doc, fh, indent=2)
    return path


def main(argv=None):
    p = argparse.ArgumentParser(description="poll the dispatch queue")
    p.add_argument("--url", default=DEFAULT_URL)
    p.add_argument("--interval", type=int, default=30)
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--timeout", type=int, default=10)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    os.makedirs(OUT_DIR, exist_ok=True)

    stats = QueueStats()
    for i in range(args.count):
        try:
            doc = fetch_urllib(args.url, args.timeout)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.warning("urllib fetch failed (%s), trying curl", exc)
            try:
                doc = fetch_curl(args.url, args.timeout)
            except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc2:
                LOG.error("poll %d failed: %s", i + 1, exc2)
                time.sleep(args.interval)
                continue
        depth = stats.add(doc)
        path = save_snapshot(doc)
        LOG.info("poll %d: %d pending bookings -> %s", i + 1, depth, path)
        if i + 1 < args.count:
            time.sleep(args.interval)

    LOG.info("done: %d samples, max depth %d, oldest wait %ds",
             stats.samples, stats.max_depth, stats.oldest_wait)
    return 0 if stats.samples else 1


if __name__ == "__main__":
    sys.exit(main())

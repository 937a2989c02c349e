#!/usr/bin/env python3
"""Lift queue estimate cache.

The resort app shows expected queue times per lift. The estimates come from
a slow upstream endpoint, so this helper caches the responses on disk in the
working directory, keyed by request, and expires them after a few minutes.
"""

import argparse
import hashlib
import json
import logging
import os
import platform
import tempfile
import time
import urllib.request

LOG = logging.getLogger("queue-cache")

UPSTREAM = "https://queues.example.com/api/lifts/{lift}/estimate"
CACHE_DIR = ".queue_cache"
TTL = 180


def os_name():
    """Pretty OS name for the User-Agent string."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()


def cpu_count():
    try:
        with open("/proc/cpuinfo") as fh:
            return sum(1 for line in fh if line.startswith("processor")) or 1
    except OSError:
        return os.cpu_count() or 1


USER_AGENT = "queue-cache/1.2 (%s; %d cpu)" % (os_name(), cpu_count())


class DiskCache:
    def __init__(self, folder, ttl):
        self.folder = folder
        self.ttl = ttl
        os.makedirs(folder, exist_ok=True)

    def _path(self, key):
        # md5 is only used to make a short file name out of the URL
        return os.path.join(self.folder, hashlib.md5(key.encode()).hexdigest() + ".json")

    def get(self, key):
        path = self._path(key)
        try:
            if time.time() - os.path.getmtime(path) > self.ttl:
                return None
            with open(path) as fh:
                return json.load(fh)
        except (OSError, ValueError):
            return None

    def put(self, key, value):
        # write to a temp file next to the target, then swap it in
        fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".part")
        try:
            with os.fdopen(fd, "w") as fh:
                json.dump(value, fh)
            os.chmod(tmp, 0o600)
            os.replace(tmp, self._path(key))
        except Exception:
            if os.path.exists(tmp):
                os.remove(tmp)
            raise

    def purge(self, older_than):
        removed = 0
        for name in os.listdir(self.folder):
            if not name.endswith((".json", ".part")):
                continue
            path = os.path.join(self.folder, name)
            if time.time() - os.path.getmtime(path) > older_than:
                os.remove(path)
                removed += 1
        return removed


def fetch(url):
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=8) as resp:
        return json.loads(resp.read().decode())


def upstream_alive():
    req = urllib.request.Request(UPSTREAM.format(lift="ping"), method="HEAD",
                                 headers={"User-Agent": USER_AGENT})
    try:
        urllib.request.urlopen(req, timeout=5).close()
        return True
    except Exception:
        return False


def main():
    ap = argparse.ArgumentParser(description="Cached lift queue estimates")
    ap.add_argument("lifts", nargs="*", default=["gondola", "chair-6", "t-bar"])
    ap.add_argument("--purge", action="store_true", help="drop cache entries older than a day")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = DiskCache(CACHE_DIR, TTL)
    if args.purge:
        LOG.info("removed %d old entries", cache.purge(86400))

    online = upstream_alive()
    for lift in args.lifts:
        url = UPSTREAM.format(lift=lift)
        data = cache.get(url)
        if data is None and online:
            try:
                data = fetch(url)
                cache.put(url, data)
            except Exception as exc:
                LOG.warning("%s: %s", lift, exc)
        minutes = data.get("minutes") if data else None
        print("%-10s %s" % (lift, "%d min" % minutes if minutes is not None else "n/a"))


if __name__ == "__main__":
    main()

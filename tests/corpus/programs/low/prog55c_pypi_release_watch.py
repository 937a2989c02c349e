#!/usr/bin/env python3
"""Report which pinned requirements have newer releases on PyPI.

Reads ./requirements.txt, queries the PyPI JSON API through a pooled
urllib3 client and keeps a small response cache under ./.cache/pypi.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import time

import urllib3
from urllib3.util import Retry, Timeout

LOG = logging.getLogger("release-watch")
PYPI_JSON = "https://pypi.org/pypi/{name}/json"
CACHE_DIR = os.path.join(".cache", "pypi")
PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*==\s*([^\s;#]+)")


class CachedPyPI:
    def __init__(self, max_age=3600):
        self.max_age = max_age
        self.http = urllib3.PoolManager(
            num_pools=2,
            retries=Retry(total=3, backoff_factor=0.4, status_forcelist=(502, 503, 504)),
            timeout=Timeout(connect=3.0, read=10.0),
            headers={"User-Agent": "release-watch/1.2"},
        )
        os.makedirs(CACHE_DIR, exist_ok=True)

    def _cache_path(self, url):
        key = hashlib.md5(url.encode("utf-8"), usedforsecurity=False).hexdigest()
        return os.path.join(CACHE_DIR, key + ".json")

    def fetch(self, name):
        url = PYPI_JSON.format(name=name)
        path = self._cache_path(url)
        if os.path.exists(path) and time.time() - os.path.getmtime(path) < self.max_age:
            with open(path, encoding="utf-8") as fh:
                return json.load(fh)
        resp = self.http.request("GET", url)
        if resp.status == 404:
            LOG.warning("%s is not on PyPI", name)
            return None
        if resp.status != 200:
            raise RuntimeError(f"PyPI returned {resp.status} for {name}")
        data = json.loads(resp.data.decode("utf-8"))
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        return data


def read_pins(req_file):
    pins = {}
    with open(req_file, encoding="utf-8") as fh:
        for line in fh:
            m = PIN_RE.match(line)
            if m:
                pins[m.group(1).lower()] = m.group(2)
    return pins


def version_key(v):
    return tuple(int(p) if p.isdigit() else 0 for p in re.split(r"[.\-]", v))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-r", "--requirements", default="requirements.txt")
    ap.add_argument("--max-age", type=int, default=3600)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = CachedPyPI(max_age=args.max_age)
    outdated = []
    for name, pinned in sorted(read_pins(args.requirements).items()):
        try:
            info = client.fetch(name)
        except (urllib3.exceptions.HTTPError, RuntimeError) as exc:
            LOG.error("skipping %s: %s", name, exc)
            continue
        if not info:
            continue
        latest = info["info"]["version"]
        if version_key(latest) > version_key(pinned):
            outdated.append({"package": name, "pinned": pinned, "latest": latest})

    if args.json:
        print(json.dumps(outdated, indent=2))
    else:
        for row in outdated:
            print(f"{row['package']:<30} {row['pinned']:>12} -> {row['latest']}")
        LOG.info("%d outdated package(s)", len(outdated))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Poll the status pages of the blood fridges' network controllers.

Each controller serves a small JSON status document. We fetch them, keep
a local cache so an unreachable controller still shows its last reading,
and write a status table the duty biomedical scientist can open.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("fridge-poll")

CACHE_DIR = Path(".fridge_cache")
USER_AGENT = "bb-fridge-poll/1.3"


def os_label():
    """Short OS name for the User-Agent, from /etc/os-release."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def cache_path(url):
    # the hash is only a file name for the cached copy
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


class Poller:
    def __init__(self, timeout):
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "%s (%s)" % (USER_AGENT, os_label())

    def reachable(self, url):
        try:
            return self.session.head(url, timeout=self.timeout).ok
        except requests.RequestException:
            return False

    def fetch(self, name, url):
        cp = cache_path(url)
        try:
            r = self.session.get(url, timeout=self.timeout)
            r.raise_for_status()
            data = r.json()
            CACHE_DIR.mkdir(exist_ok=True)
            cp.write_text(json.dumps({"at": time.time(), "data": data}))
            return data, False
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s: %s", name, exc)
        if cp.exists():
            cached = json.loads(cp.read_text())
            return cached["data"], True
        return None, False


def load_fridges(path):
    with open(path) as fh:
        return json.load(fh)["fridges"]


def write_table(rows, out):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["fridge", "temp_c", "door", "alarm", "stale"])
        w.writerows(rows)
    os.chmod(out, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fridges", default="fridges.json")
    ap.add_argument("--out", default="fridge_status.csv")
    ap.add_argument("--timeout", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    poller = Poller(args.timeout)
    rows = []
    for f in load_fridges(args.fridges):
        url = "http://%s/status.json" % f["host"]
        if not poller.reachable(url):
            log.info("%s does not answer HEAD, trying GET anyway", f["name"])
        data, stale = poller.fetch(f["name"], url)
        if data is None:
            rows.append([f["name"], "", "", "no data", ""])
            continue
        temp = data.get("temp_c")
        alarm = "HIGH" if temp is not None and temp > 6.0 else ("LOW" if temp is not None and temp < 2.0 else "")
        rows.append([f["name"], temp, data.get("door", "?"), alarm, "yes" if stale else ""])
    write_table(rows, args.out)
    log.info("wrote %d rows to %s", len(rows), args.out)


if __name__ == "__main__":
    main()

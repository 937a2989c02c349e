#!/usr/bin/env python3
"""Fetch firing schedules from the kiln controllers and cache them locally.

The controllers expose their stored programs over HTTPS with a self-signed
certificate. We keep a local cache so the schedule editor works offline and
can hand out short share codes for a schedule.
"""
import argparse
import logging
import os
import pickle
import random
import string
import time

import requests
import urllib3

log = logging.getLogger("schedcache")

CONTROLLERS = {
    "big_kiln": "https://198.51.100.21",
    "test_kiln": "https://198.51.100.22",
}
CACHE_FILE = "schedules.cache"
MAX_AGE = 6 * 3600

# controllers ship with self-signed certs; silence the warning spam
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class ScheduleCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.data = {"fetched": 0, "schedules": {}, "shares": {}}
        self.load()

    def load(self):
        if not os.path.exists(self.path):
            return
        try:
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
        except (pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache unreadable, starting fresh: %s", exc)

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)

    def stale(self):
        return time.time() - self.data.get("fetched", 0) > MAX_AGE

    def share_code(self, name):
        # short code the apprentices can type into the other controller
        code = "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(6))
        self.data["shares"][code] = name
        return code


def fetch_programs(base_url):
    resp = requests.get(base_url + "/api/programs", verify=False, timeout=10)
    resp.raise_for_status()
    return resp.json()


def refresh(cache):
    for kiln, url in CONTROLLERS.items():
        try:
            programs = fetch_programs(url)
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s: %s", kiln, exc)
            continue
        for prog in programs:
            key = "%s/%s" % (kiln, prog.get("name", "unnamed"))
            cache.data["schedules"][key] = prog.get("segments", [])
        log.info("%s: %d programs", kiln, len(programs))
    cache.data["fetched"] = time.time()
    cache.save()


def show(cache, name):
    segs = cache.data["schedules"].get(name)
    if segs is None:
        print("unknown schedule", name)
        return
    print(name)
    for i, seg in enumerate(segs, 1):
        print("  %d. ramp %s°C/h to %s°C, hold %s min" % (i, seg.get("rate"), seg.get("target"), seg.get("hold")))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--show")
    ap.add_argument("--share")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = ScheduleCache()
    if args.refresh or cache.stale():
        refresh(cache)
    if args.list:
        for name in sorted(cache.data["schedules"]):
            print(name)
    if args.show:
        show(cache, args.show)
    if args.share:
        code = cache.share_code(args.share)
        cache.save()
        print("share code:", code)


if __name__ == "__main__":
    main()

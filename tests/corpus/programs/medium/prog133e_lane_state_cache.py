#!/usr/bin/env python3
"""Lane state cache.

Pulls the live state of every lane (current bowler, frame, pinsetter
status) from the scoring controllers and keeps a local cache so the
front desk screen still shows something when a controller is slow.
The controllers use self-signed certificates from the vendor.
"""

import argparse
import logging
import os
import pickle
import subprocess
import time

import requests
import urllib3

log = logging.getLogger("lane-cache")

CACHE_FILE = "lane_state.cache"
CONTROLLERS = {
    1: "https://203.0.113.21",
    2: "https://203.0.113.22",
    3: "https://203.0.113.23",
    4: "https://203.0.113.24",
}

# vendor certs are self-signed, stop the warning spam in the desk log
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class LaneCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.state = {}

    def load(self):
        if not os.path.exists(self.path):
            return
        try:
            with open(self.path, "rb") as fh:
                self.state = pickle.load(fh)
        except (pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache unreadable, starting fresh: %s", exc)
            self.state = {}

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.state, fh)

    def update(self, lane, data):
        data["fetched"] = time.time()
        self.state[lane] = data

    def get(self, lane):
        return self.state.get(lane)


def fetch_lane(base_url):
    resp = requests.get(f"{base_url}/api/lane", timeout=4, verify=False)
    resp.raise_for_status()
    return resp.json()


def controller_reachable(host):
    # quick ping before waiting on the HTTPS timeout
    ip = host.split("//", 1)[-1]
    res = subprocess.run(["ping", "-c", "1", "-W", "1", ip],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return res.returncode == 0


def refresh(cache):
    for lane, url in CONTROLLERS.items():
        if not controller_reachable(url):
            log.info("lane %d controller not answering ping", lane)
            continue
        try:
            cache.update(lane, fetch_lane(url))
        except (requests.RequestException, ValueError) as exc:
            log.warning("lane %d fetch failed: %s", lane, exc)


def show(cache):
    now = time.time()
    for lane in sorted(CONTROLLERS):
        st = cache.get(lane)
        if not st:
            print(f"lane {lane:>2}: no data")
            continue
        age = int(now - st.get("fetched", now))
        print(f"lane {lane:>2}: {st.get('bowler', '-'):<16} frame "
              f"{st.get('frame', '?'):>2}  pinsetter {st.get('pinsetter', '?')}"
              f"  ({age}s old)")


def main():
    parser = argparse.ArgumentParser(description="Lane state cache")
    parser.add_argument("--loop", action="store_true")
    parser.add_argument("--interval", type=int, default=10)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    cache = LaneCache()
    cache.load()
    while True:
        refresh(cache)
        cache.save()
        show(cache)
        if not args.loop:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Poll the guillotine controllers' status pages and log blade state.

Each controller serves a small HTTPS status page with a self-signed
certificate from the factory. This polls them, records knife position,
cycle count and fault codes to a CSV in the working directory, and prints
a one-line summary per controller.
"""
import argparse
import csv
import logging
import sys
import time
from datetime import datetime
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("ctl-poll")

FLOOR = {
    "subnet": "192.0.2",
    "hosts": {"G1": 31, "G2": 32, "G3": 33},
    "route": "/api/status",
    "scheme": "https",
}

SESSION_OPTS = {"verify": False, "timeout": 6}

FIELDS = ("time", "controller", "knife_mm", "cycles", "fault", "latency_ms")


def controller_urls(floor=FLOOR, only=None):
    for name, last in floor["hosts"].items():
        if only and name not in only:
            continue
        yield name, f"{floor['scheme']}://{floor['subnet']}.{last}{floor['route']}"


class Poller:
    def __init__(self, opts):
        self.session = requests.Session()
        self.session.verify = opts["verify"]
        self.timeout = opts["timeout"]
        if not opts["verify"]:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def poll(self, name, url):
        started = time.monotonic()
        try:
            resp = self.session.get(url, timeout=self.timeout)
            resp.raise_for_status()
            data = resp.json()
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s unreachable: %s", name, exc)
            return None
        return {
            "time": datetime.now().isoformat(timespec="seconds"),
            "controller": name,
            "knife_mm": data.get("knife", {}).get("position_mm"),
            "cycles": data.get("counters", {}).get("cycles"),
            "fault": data.get("fault") or "",
            "latency_ms": int((time.monotonic() - started) * 1000),
        }


def append_rows(path, rows):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            w.writeheader()
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", help="controller names, e.g. G1 G3")
    ap.add_argument("--csv", default="controller_status.csv")
    ap.add_argument("--every", type=float, default=0,
                    help="repeat every N seconds (0 = once)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    poller = Poller(SESSION_OPTS)
    out = Path(args.csv)
    faults = 0
    while True:
        rows = []
        for name, url in controller_urls(only=args.only):
            row = poller.poll(name, url)
            if row is None:
                continue
            rows.append(row)
            flag = f" FAULT {row['fault']}" if row["fault"] else ""
            print(f"{name}: knife {row['knife_mm']} mm, "
                  f"{row['cycles']} cycles{flag}")
            faults += bool(row["fault"])
        if rows:
            append_rows(out, rows)
        if args.every <= 0:
            break
        try:
            time.sleep(args.every)
        except KeyboardInterrupt:
            break
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())

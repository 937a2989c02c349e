#!/usr/bin/env python3
"""Keep the unit access log poller alive across flaky depot connections.

The supervisor runs a single worker process that does one pull from the depot
access controller, appends any new door events to access_events.jsonl and
exits. The supervisor then starts the next worker, so a hung TCP connection
or a leaked file handle never lives longer than one poll. Repeated failures
back off and eventually stop the supervisor.

    python3 access_log_supervisor.py --site DEPOT01 --controller http://10.20.0.5:8080
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

log = logging.getLogger("access_supervisor")

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


class Supervisor:
    """Runs one worker at a time and restarts it after each poll."""

    max_consecutive_failures = 20

    def __init__(self, args):
        self.interval = args.interval
        self.cmd = [
            sys.executable,
            os.path.abspath(__file__),
            "--worker",
            "--site", args.site,
            "--controller", args.controller,
        ]

    def run(self):
        failures = 0
        while failures < self.max_consecutive_failures:
            try:
                rc = subprocess.run(self.cmd, stdin=subprocess.DEVNULL, timeout=120).returncode
            except subprocess.TimeoutExpired:
                rc = -1
            if rc == 0:
                failures = 0
                time.sleep(self.interval)
            else:
                failures += 1
                delay = min(self.interval * 2 ** min(failures, 5), 900)
                log.warning("worker exited %s (%d in a row); retry in %.0fs", rc, failures, delay)
                time.sleep(delay)
        log.error("giving up after %d consecutive failures", failures)
        return 1


def worker(args):
    try:
        n = poll_once(args.controller, args.site)
        if n:
            log.info("%s: %d new events", args.site, n)
        return 0
    except (urllib.error.URLError, OSError, ValueError, KeyError) as exc:
        log.warning("%s: poll failed: %s", args.site, exc)
        return 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True)
    parser.add_argument("--controller", required=True)
    parser.add_argument("--interval", type=float, default=30.0)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    logging.basicConfig(
        filename="access_supervisor.log",
        level=logging.INFO,
        format="%(asctime)s %(process)d %(levelname)s %(message)s",
    )

    if args.worker:
        return worker(args)

    log.info("supervising poller for %s against %s", args.site, args.controller)
    try:
        return Supervisor(args).run()
    except KeyboardInterrupt:
        log.info("stopped by operator")
        return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Watch the primary WAN and fail over to the LTE backup route.

A pinger thread per target probes through the primary uplink; when every
target has been unreachable for ``--down-after`` consecutive rounds the
default route is moved to the backup gateway, and moved back once the
primary has been healthy for ``--up-after`` rounds.
"""
import argparse
import collections
import json
import logging
import queue
import subprocess
import sys
import threading
import time

log = logging.getLogger("wan-failover")


class Pinger(threading.Thread):
    def __init__(self, target, iface, results, interval):
        super().__init__(daemon=True, name=f"ping-{target}")
        self.target, self.iface = target, iface
        self.results, self.interval = results, interval
        self.stop = threading.Event()

    def probe(self):
        cmd = ["ping", "-n", "-c", "1", "-W", "2", "-I", self.iface, self.target]
        try:
            r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=5)
            return r.returncode == 0
        except subprocess.TimeoutExpired:
            return False

    def run(self):
        while not self.stop.is_set():
            self.results.put((self.target, time.time(), self.probe()))
            self.stop.wait(self.interval)


class RouteSwitcher:
    """Moves the default route between the primary and backup gateway."""

    elevate = ["pkexec"]

    def __init__(self, primary_gw, primary_if, backup_gw, backup_if):
        self.routes = {
            "primary": ["via", primary_gw, "dev", primary_if, "metric", "100"],
            "backup": ["via", backup_gw, "dev", backup_if, "metric", "100"],
        }
        self.active = "primary"

    def use(self, which):
        if which == self.active:
            return
        cmd = self.elevate + ["ip", "route", "replace", "default"] + self.routes[which]
        log.warning("switching default route to %s: %s", which, " ".join(cmd[1:]))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.error("route change failed: %s", res.stderr.strip())
            return
        self.active = which


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--primary-if", default="eth0")
    ap.add_argument("--primary-gw", default="192.168.1.1")
    ap.add_argument("--backup-if", default="wwan0")
    ap.add_argument("--backup-gw", default="10.64.64.64")
    ap.add_argument("--targets", default="1.1.1.1,9.9.9.9,8.8.4.4")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--down-after", type=int, default=4)
    ap.add_argument("--up-after", type=int, default=12)
    ap.add_argument("--events", default="wan-events.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    results = queue.Queue()
    pingers = [Pinger(t, args.primary_if, results, args.interval) for t in targets]
    for p in pingers:
        p.start()

    switcher = RouteSwitcher(args.primary_gw, args.primary_if, args.backup_gw, args.backup_if)
    latest = {}
    history = collections.deque(maxlen=max(args.down_after, args.up_after))

    try:
        while True:
            target, ts, ok = results.get()
            latest[target] = ok
            if len(latest) < len(targets):
                continue
            round_ok = any(latest.values())
            history.append(round_ok)
            latest.clear()
            log.debug("round %s", "up" if round_ok else "down")

            recent = list(history)
            if switcher.active == "primary" and len(recent) >= args.down_after \
                    and not any(recent[-args.down_after:]):
                switcher.use("backup")
                event = "failover"
            elif switcher.active == "backup" and len(recent) >= args.up_after \
                    and all(recent[-args.up_after:]):
                switcher.use("primary")
                event = "restore"
            else:
                continue
            with open(args.events, "a") as fh:
                fh.write(json.dumps({"ts": ts, "event": event, "active": switcher.active}) + "\n")
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        for p in pingers:
            p.stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Watch the primary WAN and record every outage.

A pinger thread per target probes through the uplink; when every target has
been unreachable for ``--down-after`` consecutive rounds an outage is opened,
and closed once the line has been healthy for ``--up-after`` rounds. The
current state is kept in a small JSON file that the status-bar widget reads.
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

log = logging.getLogger("wan-uptime")

STATE_FILE = "/tmp/wan_uptime_state.json"


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


class OutageTracker:
    def __init__(self, state_path, events_path):
        self.state_path, self.events_path = state_path, events_path
        self.down_since = None
        self.last_change = time.time()

    def _publish(self):
        with open(self.state_path, "w") as fh:
            json.dump({"up": self.down_since is None, "down_since": self.down_since,
                       "last_change": self.last_change}, fh)

    def _event(self, **fields):
        with open(self.events_path, "a") as fh:
            fh.write(json.dumps(fields) + "\n")

    def mark_down(self, ts):
        if self.down_since is None:
            self.down_since = self.last_change = ts
            log.warning("WAN down")
            self._event(ts=ts, event="down")
            self._publish()

    def mark_up(self, ts):
        if self.down_since is not None:
            duration = ts - self.down_since
            log.warning("WAN back after %.0f s", duration)
            self._event(ts=ts, event="up", outage_s=round(duration))
            self.down_since, self.last_change = None, ts
            self._publish()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iface", default="eth0")
    ap.add_argument("--targets", default="1.1.1.1,9.9.9.9,8.8.4.4")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--down-after", type=int, default=4)
    ap.add_argument("--up-after", type=int, default=12)
    ap.add_argument("--events", default="wan-events.jsonl")
    ap.add_argument("--state", default=STATE_FILE)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    results = queue.Queue()
    pingers = [Pinger(t, args.iface, results, args.interval) for t in targets]
    for p in pingers:
        p.start()

    tracker = OutageTracker(args.state, args.events)
    tracker._publish()
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
            if len(recent) >= args.down_after and not any(recent[-args.down_after:]):
                tracker.mark_down(ts)
            elif len(recent) >= args.up_after and all(recent[-args.up_after:]):
                tracker.mark_up(ts)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        for p in pingers:
            p.stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Log kiln firings from the controller's Wi-Fi module and alert on problems.

Polls the controller's local JSON status endpoint, appends every reading to
firings/<date>_<program>.csv, tracks the ramp rate over a sliding window and
raises an alert when the kiln stalls (elements failing), overshoots the
segment target or reports an error code. Alerts go to the studio's push
notification service.

    KILN_ALERT_KEY=... python3 kiln_firing_logger.py --kiln http://kiln.local
"""
import argparse
import collections
import csv
import datetime
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("kilnlog")

PUSH_API = "https://api.pushnotify.io/v1/messages"


class RampTracker:
    """Degrees per hour over the last `window` readings."""

    def __init__(self, window=10):
        self.points = collections.deque(maxlen=window)

    def add(self, t, temp):
        self.points.append((t, temp))

    @property
    def rate(self):
        if len(self.points) < 2:
            return None
        (t0, c0), (t1, c1) = self.points[0], self.points[-1]
        hours = (t1 - t0) / 3600.0
        return (c1 - c0) / hours if hours > 0 else None


class Alerter:
    def __init__(self, key, cooldown=900):
        self.key = key
        self.cooldown = cooldown
        self.sent = {}

    def __call__(self, kind, text):
        now = time.time()
        if now - self.sent.get(kind, 0) < self.cooldown:
            return
        self.sent[kind] = now
        log.warning("ALERT %s: %s", kind, text)
        if not self.key:
            return
        try:
            requests.post(PUSH_API, timeout=10,
                          headers={"Authorization": f"Bearer {self.key}"},
                          json={"title": f"Kiln: {kind}", "message": text, "priority": 1})
        except requests.RequestException as exc:
            log.error("push failed: %s", exc)


def poll(base_url):
    r = requests.get(f"{base_url}/api/status", timeout=5)
    r.raise_for_status()
    return r.json()


def evaluate(status, tracker, alert, stall_rate):
    temp = status.get("temp_c")
    target = status.get("segment_target_c")
    seg_rate = status.get("segment_rate_c_per_h") or 0
    if status.get("error"):
        alert("error", f"controller reports {status['error']} at {temp} C")
    if temp is not None and target is not None and temp > target + 15:
        alert("overshoot", f"{temp} C is past the segment target {target} C")
    rate = tracker.rate
    if rate is not None and seg_rate > 0 and rate < stall_rate:
        alert("stall", f"ramp {rate:.0f} C/h while programme asks {seg_rate} C/h")


def writer_for(program, started):
    folder = Path("firings")
    folder.mkdir(exist_ok=True)
    path = folder / f"{started:%Y-%m-%d_%H%M}_{program or 'manual'}.csv"
    fh = path.open("a", newline="")
    w = csv.writer(fh)
    if fh.tell() == 0:
        w.writerow(["time", "temp_c", "target_c", "segment", "state", "ramp_c_per_h"])
    return fh, w


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kiln", default=os.environ.get("KILN_URL", "http://kiln.local"))
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--stall-rate", type=float, default=20.0, help="C/h below which a ramp counts as stalled")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    alert = Alerter(os.environ.get("KILN_ALERT_KEY"))
    tracker = RampTracker()
    fh = w = None
    failures = 0
    try:
        while True:
            try:
                st = poll(args.kiln)
                failures = 0
            except (requests.RequestException, ValueError) as exc:
                failures += 1
                log.warning("poll failed (%d): %s", failures, exc)
                if failures == 6:
                    alert("offline", f"no answer from {args.kiln} for {failures} polls")
                time.sleep(args.interval)
                continue
            now = datetime.datetime.now()
            if st.get("state") == "firing" and fh is None:
                fh, w = writer_for(st.get("program"), now)
                log.info("firing started: %s", st.get("program"))
            tracker.add(time.time(), st.get("temp_c") or 0)
            if w is not None:
                rate = tracker.rate
                w.writerow([now.isoformat(timespec="seconds"), st.get("temp_c"), st.get("segment_target_c"),
                            st.get("segment"), st.get("state"), f"{rate:.1f}" if rate is not None else ""])
                fh.flush()
                evaluate(st, tracker, alert, args.stall_rate)
            if st.get("state") in ("complete", "idle") and fh is not None:
                fh.close()
                fh = w = None
                alert("complete", f"firing finished at {st.get('temp_c')} C")
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        if fh:
            fh.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Track beacon-node sync distance over time and alert on sustained lag.

History is kept between runs in ./sync_history.pkl so the tracker can be run
from a timer and still compute trends across invocations.
"""
import argparse
import collections
import logging
import pickle
import statistics
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("sync-lag")
Sample = collections.namedtuple("Sample", "ts head_slot sync_distance peers")


class History:
    def __init__(self, path: Path, maxlen: int = 2880):
        self.path = path
        self.samples = collections.deque(maxlen=maxlen)
        self.alerted_at = None

    @classmethod
    def load(cls, path: Path, maxlen: int):
        if path.exists():
            try:
                with path.open("rb") as fh:
                    obj = pickle.load(fh)
                obj.samples = collections.deque(obj.samples, maxlen=maxlen)
                return obj
            except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
                log.warning("discarding unreadable history: %s", exc)
        return cls(path, maxlen)

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self, fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.path)

    def window(self, seconds):
        cutoff = time.time() - seconds
        return [s for s in self.samples if s.ts >= cutoff]


def sample(beacon: str) -> Sample:
    sync = requests.get(f"{beacon}/eth/v1/node/syncing", timeout=5).json()["data"]
    peers = requests.get(f"{beacon}/eth/v1/node/peer_count", timeout=5).json()["data"]
    return Sample(time.time(), int(sync["head_slot"]), int(sync["sync_distance"]),
                  int(peers["connected"]))


def evaluate(hist: History, threshold: int, window: int, cooldown: int) -> bool:
    recent = hist.window(window)
    if len(recent) < 3:
        return False
    median = statistics.median(s.sync_distance for s in recent)
    slope = (recent[-1].head_slot - recent[0].head_slot) / max(
        recent[-1].ts - recent[0].ts, 1)
    log.info("window=%ds samples=%d median_distance=%s slots/s=%.3f",
             window, len(recent), median, slope)
    if median <= threshold:
        return False
    if hist.alerted_at and time.time() - hist.alerted_at < cooldown:
        return False
    hist.alerted_at = time.time()
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--beacon", default="http://localhost:5052")
    ap.add_argument("--state", type=Path, default=Path("sync_history.pkl"))
    ap.add_argument("--threshold", type=int, default=8, help="slots")
    ap.add_argument("--window", type=int, default=900, help="seconds")
    ap.add_argument("--cooldown", type=int, default=3600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    hist = History.load(args.state, maxlen=2880)
    try:
        hist.samples.append(sample(args.beacon))
    except requests.RequestException as exc:
        log.error("beacon node unreachable: %s", exc)
        hist.save()
        return 2
    alert = evaluate(hist, args.threshold, args.window, args.cooldown)
    hist.save()
    if alert:
        print(f"ALERT: beacon node lagging > {args.threshold} slots", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

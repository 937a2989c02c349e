#!/usr/bin/env python3
"""Compute pH probe calibration (slope/offset) from buffer readings.

Buffer readings are logged by the probe interface to ./probe_log.csv
(ts,buffer_ph,millivolts). The last N lines are cut out with a small shell
pipeline, a two-point or least-squares fit is computed, and the result is
cached in ./calibration.pkl so the doser can reuse it.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass

LOG = logging.getLogger("ph-calibration")

CUT_PIPELINE = 'tail -n "$PROBE_LINES" "$PROBE_LOG" | grep -v "^ts," | cut -d, -f2,3'
MAX_AGE_S = 7 * 24 * 3600


@dataclass
class Calibration:
    probe_id: str
    slope_mv_per_ph: float
    offset_mv: float
    points: int
    created: float

    def ph_from_mv(self, mv: float) -> float:
        return 7.0 - (mv - self.offset_mv) / self.slope_mv_per_ph

    def healthy(self) -> bool:
        # A good glass electrode is 85-105 % of Nernstian (-59.16 mV/pH).
        return 0.85 <= abs(self.slope_mv_per_ph) / 59.16 <= 1.05


def read_points(log_path: str, lines: int):
    env = dict(os.environ, PROBE_LOG=log_path, PROBE_LINES=str(lines))
    proc = subprocess.run(["bash", "-c", CUT_PIPELINE], env=env,
                          capture_output=True, text=True, timeout=10)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "pipeline failed")
    points = []
    for line in proc.stdout.splitlines():
        try:
            ph, mv = (float(x) for x in line.split(","))
            points.append((ph, mv))
        except ValueError:
            LOG.debug("skipping line %r", line)
    return points


def fit(points):
    n = len(points)
    if n < 2:
        raise ValueError("need at least two buffer points")
    mx = sum(p for p, _ in points) / n
    my = sum(m for _, m in points) / n
    sxx = sum((p - mx) ** 2 for p, _ in points)
    if sxx == 0:
        raise ValueError("all buffer points have the same pH")
    slope = sum((p - mx) * (m - my) for p, m in points) / sxx
    offset = my + slope * (7.0 - mx)
    return slope, offset


def load_cache(path: str):
    if not os.path.exists(path):
        return None
    with open(path, "rb") as fh:
        cal = pickle.load(fh)
    if time.time() - cal.created > MAX_AGE_S:
        LOG.info("cached calibration is older than a week")
        return None
    return cal


def save_cache(path: str, cal: Calibration):
    with open(path, "wb") as fh:
        pickle.dump(cal, fh)
    os.chmod(path, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--probe", default="ph-1")
    ap.add_argument("--log", default="./probe_log.csv")
    ap.add_argument("--lines", type=int, default=50)
    ap.add_argument("--cache", default="./calibration.pkl")
    ap.add_argument("--recalibrate", action="store_true")
    ap.add_argument("--mv", type=float, help="convert a millivolt reading to pH")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cal = None if args.recalibrate else load_cache(args.cache)
    if cal is None:
        try:
            slope, offset = fit(read_points(args.log, args.lines))
        except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
            LOG.error("calibration failed: %s", exc)
            return 1
        cal = Calibration(args.probe, slope, offset, args.lines, time.time())
        save_cache(args.cache, cal)
        LOG.info("new calibration cached in %s", args.cache)
    LOG.info("slope %.2f mV/pH, offset %.1f mV, healthy=%s",
             cal.slope_mv_per_ph, cal.offset_mv, cal.healthy())
    if args.mv is not None:
        print(f"{cal.ph_from_mv(args.mv):.2f}")
    return 0 if cal.healthy() else 2


if __name__ == "__main__":
    sys.exit(main())

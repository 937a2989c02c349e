#!/usr/bin/env python3
"""scale_calibration_cache.py - check the weighbridge against its test weights.

Keeps the last calibration results (load-cell readings for each certified
test weight) in a pickle cache in the working directory, compares a new run
with the cached one and flags drift. The certificate PDF is built by a small
shell step that runs the site's report tool.
"""

import argparse
import datetime as dt
import json
import logging
import os
import pickle
import subprocess
import sys

LOG = logging.getLogger("calibration")
CACHE = "calibration_cache.pkl"


class CalibrationRun:
    def __init__(self, when, readings):
        self.when = when
        self.readings = readings  # {test_weight_kg: indicated_kg}

    def errors(self):
        return {w: ind - w for w, ind in self.readings.items()}

    def max_error_pct(self):
        return max(abs(e) / w * 100 for w, e in self.errors().items())


def load_cache(path):
    if not os.path.exists(path):
        return []
    with open(path, "rb") as fh:
        history = pickle.load(fh)
    LOG.info("loaded %d previous calibration runs", len(history))
    return history


def save_cache(path, history):
    with open(path, "wb") as fh:
        pickle.dump(history[-20:], fh)
    os.chmod(path, 0o600)


def read_new_run(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    readings = {float(k): float(v) for k, v in data["readings"].items()}
    when = dt.datetime.fromisoformat(data.get("when", dt.datetime.now().isoformat()))
    return CalibrationRun(when, readings)


def compare(prev, new, tolerance_pct):
    drift = {}
    for weight, indicated in new.readings.items():
        if weight in prev.readings:
            drift[weight] = indicated - prev.readings[weight]
    worst = max((abs(d) / w * 100 for w, d in drift.items()), default=0.0)
    return drift, worst, worst > tolerance_pct


def build_certificate(run, out_pdf):
    env = dict(os.environ, CAL_JSON=json.dumps({str(k): v for k, v in run.readings.items()}),
               CAL_WHEN=run.when.isoformat(), CAL_OUT=out_pdf)
    script = 'printf "%s" "$CAL_JSON" | wb-report --template calibration --date "$CAL_WHEN" -o "$CAL_OUT"'
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("certificate not built: %s", proc.stderr.strip() or proc.returncode)
        return False
    LOG.info("certificate written to %s", out_pdf)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("run_json", help="JSON file with the new test-weight readings")
    ap.add_argument("--cache", default=CACHE)
    ap.add_argument("--tolerance", type=float, default=0.1, help="allowed drift in percent")
    ap.add_argument("--certificate", help="write a PDF certificate to this path")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        new = read_new_run(args.run_json)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.run_json, exc)
        return 1
    try:
        history = load_cache(args.cache)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.warning("cache unusable (%s), starting a new history", exc)
        history = []

    LOG.info("max error against test weights: %.3f%%", new.max_error_pct())
    status = 0
    if history:
        drift, worst, bad = compare(history[-1], new, args.tolerance)
        for weight, d in sorted(drift.items()):
            LOG.info("  %8.0f kg  drift %+6.1f kg", weight, d)
        if bad:
            LOG.warning("drift %.3f%% exceeds %.3f%% - book a recalibration", worst, args.tolerance)
            status = 4

    history.append(new)
    save_cache(args.cache, history)
    if args.certificate:
        build_certificate(new, args.certificate)
    return status


if __name__ == "__main__":
    sys.exit(main())

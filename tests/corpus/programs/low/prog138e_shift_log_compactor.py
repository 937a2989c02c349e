#!/usr/bin/env python3
"""Compact a week of driver shift logs into one archive file.

Drivers' tablets upload one JSON log per shift plus photos of paper
receipts. This bundles a week into a single JSON document (receipt images
embedded as base64), writes it atomically, and cleans up the per-shift
files and its own scratch directory afterwards.
"""

import argparse
import base64
import json
import logging
import os
import shutil
import tempfile
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("compactor")

SCRATCH = Path("./.compact_build")


def host_info():
    """Record which image built the archive, for support questions."""
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return {"os": info.get("PRETTY_NAME", "unknown")}


class ShiftBundle:
    def __init__(self, week_start):
        self.week_start = week_start
        self.shifts = []

    def add(self, path):
        shift = json.loads(path.read_text())
        receipts = []
        for name in shift.pop("receipt_files", []):
            img = path.parent / name
            if img.exists():
                receipts.append({"name": name,
                                 "data": base64.b64encode(img.read_bytes()).decode("ascii")})
            else:
                log.warning("receipt %s listed in %s is missing", name, path.name)
        shift["receipts"] = receipts
        self.shifts.append(shift)

    def document(self):
        return {
            "week_start": self.week_start.isoformat(),
            "shift_count": len(self.shifts),
            "built_on": host_info(),
            "shifts": self.shifts,
        }


def week_files(folder, start):
    days = {(start + timedelta(days=i)).isoformat() for i in range(7)}
    return sorted(p for p in Path(folder).glob("shift_*.json")
                  if p.stem.split("_")[-1][:10] in days)


def write_atomic(doc, out):
    out = Path(out)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=".bundle-", suffix=".json")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(doc, fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, out)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--logs", default="./shift_logs")
    ap.add_argument("--week", help="ISO date of the Monday, default last week")
    ap.add_argument("--keep", action="store_true", help="keep per-shift files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    today = date.today()
    start = date.fromisoformat(args.week) if args.week else today - timedelta(days=today.weekday() + 7)
    files = week_files(args.logs, start)
    if not files:
        log.info("no shift logs for week of %s", start)
        return 0

    SCRATCH.mkdir(exist_ok=True)
    bundle = ShiftBundle(start)
    for f in files:
        try:
            bundle.add(f)
        except (OSError, ValueError) as exc:
            log.error("skipping %s: %s", f.name, exc)

    out = Path(args.logs) / f"week_{start.isoformat()}.json"
    write_atomic(bundle.document(), out)
    log.info("bundled %d shifts into %s", len(bundle.shifts), out)

    if not args.keep:
        for f in files:
            f.unlink()
    shutil.rmtree(SCRATCH, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Export the keeper's maintenance log as a single JSON bundle.

The district engineer wants the monthly maintenance log (generator runs,
lamp changes, fog signal tests) plus any photos in one file they can load
into their tracker. Photos are embedded base64 so the bundle is a single
attachment. The bundle is written atomically and readable only by us.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import tempfile
from datetime import date
from pathlib import Path

log = logging.getLogger("logexport")

PHOTO_TYPES = {".jpg", ".jpeg", ".png"}
MAX_PHOTO_BYTES = 4 * 1024 * 1024


def os_description():
    """Pretty name from /etc/os-release, for the bundle header."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def read_log(path, month):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("date", "").startswith(month):
                rows.append(row)
    return rows


def embed_photos(folder, month):
    photos = []
    base = Path(folder)
    if not base.is_dir():
        return photos
    for p in sorted(base.iterdir()):
        if p.suffix.lower() not in PHOTO_TYPES or not p.name.startswith(month):
            continue
        size = p.stat().st_size
        if size > MAX_PHOTO_BYTES:
            log.warning("skipping %s (%d bytes, too large)", p.name, size)
            continue
        photos.append({
            "name": p.name,
            "content_type": "image/png" if p.suffix.lower() == ".png" else "image/jpeg",
            "data": base64.b64encode(p.read_bytes()).decode("ascii"),
        })
    return photos


def write_atomic(path, payload):
    """Write to a private temp file in the same folder, then rename."""
    target = Path(path).resolve()
    fd, tmp = tempfile.mkstemp(prefix=".export-", suffix=".json", dir=target.parent)
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(payload, fh, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("logfile", help="maintenance log CSV")
    ap.add_argument("--photos", default="photos")
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--station", default=os.environ.get("STATION_ID", "NHL-01"))
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = read_log(args.logfile, args.month)
    except OSError as exc:
        log.error("cannot read %s: %s", args.logfile, exc)
        return 1
    if not entries:
        log.warning("no entries for %s", args.month)

    bundle = {
        "station": args.station,
        "month": args.month,
        "generated_on": os_description(),
        "entries": entries,
        "photos": embed_photos(args.photos, args.month),
    }
    out = args.output or f"maintenance_{args.station}_{args.month}.json"
    write_atomic(out, bundle)
    log.info("wrote %s: %d entries, %d photos", out, len(entries), len(bundle["photos"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Upload the day's excavation photographs to the project archive.

Reads the photo log CSV written by the trench tablets (one row per frame:
filename, context number, direction, scale, photographer), checks every
referenced image exists, computes a checksum and pushes the log plus
metadata to the archive API.  Images themselves are uploaded separately by
the archive's pull worker once the log is accepted.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, asdict, field
from pathlib import Path

import requests

log = logging.getLogger("photolog")

API_BASE = os.environ.get("DIGARCHIVE_API", "https://archive.digsite.example/api/v2")
REQUIRED_COLUMNS = ("filename", "context", "direction", "scale", "photographer")


@dataclass
class PhotoRecord:
    filename: str
    context: str
    direction: str
    scale: str
    photographer: str
    sha256: str = ""
    size: int = 0
    notes: list = field(default_factory=list)


def file_digest(path: Path, chunk: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def read_log(csv_path: Path):
    with csv_path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"photo log is missing columns: {', '.join(missing)}")
        for row in reader:
            yield PhotoRecord(**{k: row[k].strip() for k in REQUIRED_COLUMNS})


def enrich(records, image_dir: Path):
    for rec in records:
        img = image_dir / rec.filename
        if not img.is_file():
            rec.notes.append("image not found on card")
            log.warning("%s listed in log but missing", rec.filename)
        else:
            rec.size = img.stat().st_size
            rec.sha256 = file_digest(img)
        yield rec


def build_manifest(site_code: str, season: str, records):
    return {
        "site": site_code,
        "season": season,
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "station": os.uname().nodename,
        "photos": [asdict(r) for r in records],
    }


def push_manifest(manifest: dict, retries: int = 3) -> dict:
    token = os.environ.get("DIGARCHIVE_TOKEN")
    if not token:
        raise RuntimeError("DIGARCHIVE_TOKEN is not set")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    url = f"{API_BASE}/photologs"
    last_exc = None
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(url, data=json.dumps(manifest), headers=headers, timeout=30)
            resp.raise_for_status()
            return resp.json()
        except requests.RequestException as exc:
            last_exc = exc
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 ** attempt)
    raise RuntimeError(f"giving up after {retries} attempts") from last_exc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("photolog", type=Path, help="CSV photo log from the tablet")
    ap.add_argument("--images", type=Path, default=Path("DCIM"), help="card image directory")
    ap.add_argument("--site", required=True, help="site code, e.g. KHR22")
    ap.add_argument("--season", default=time.strftime("%Y"))
    ap.add_argument("--dry-run", action="store_true", help="write manifest.json only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        records = list(enrich(read_log(args.photolog), args.images))
    except (OSError, ValueError) as exc:
        log.error("cannot read photo log: %s", exc)
        return 2

    manifest = build_manifest(args.site, args.season, records)
    Path("manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    log.info("%d photos in manifest", len(records))

    if args.dry_run:
        return 0
    try:
        result = push_manifest(manifest)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("archive accepted log as batch %s", result.get("batch_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

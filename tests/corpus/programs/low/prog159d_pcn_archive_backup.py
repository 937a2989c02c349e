#!/usr/bin/env python3
"""Archive last month's PCN exports into a dated zip with a checksum.

The original exports are left in place; the team removes them by hand
once the archive has been copied to the records share.
"""
import argparse
import hashlib
import logging
import zipfile
from datetime import date
from pathlib import Path

log = logging.getLogger("pcn-archive")

PATTERNS = ("pcn_*.csv", "payments_*.csv", "appeals_*.csv")


def previous_month(today=None):
    today = today or date.today()
    year, month = (today.year, today.month - 1) if today.month > 1 else (today.year - 1, 12)
    return f"{year:04d}{month:02d}"


def collect(source, period):
    files = []
    for pattern in PATTERNS:
        for path in sorted(source.glob(pattern)):
            if period in path.name:
                files.append(path)
    return files


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def build_archive(files, target):
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            zf.write(path, arcname=path.name)
    target.chmod(0o600)


def verify_archive(target, files):
    with zipfile.ZipFile(target) as zf:
        names = set(zf.namelist())
        bad = zf.testzip()
    missing = [p.name for p in files if p.name not in names]
    return bad is None and not missing


def main():
    parser = argparse.ArgumentParser(description="Archive monthly PCN exports")
    parser.add_argument("--source", type=Path, default=Path("exports"))
    parser.add_argument("--dest", type=Path, default=Path("archive"))
    parser.add_argument("--period", default=previous_month(), help="YYYYMM")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    files = collect(args.source, args.period)
    if not files:
        log.info("no exports for %s in %s", args.period, args.source)
        return 0

    args.dest.mkdir(parents=True, exist_ok=True)
    target = args.dest / f"pcn_exports_{args.period}.zip"
    if target.exists():
        log.warning("%s already exists, leaving it alone", target)
        return 1

    build_archive(files, target)
    if not verify_archive(target, files):
        log.error("archive check failed, originals untouched")
        return 2

    checksum = sha256_of(target)
    sum_file = target.with_suffix(".zip.sha256")
    sum_file.write_text(f"{checksum}  {target.name}\n")
    sum_file.chmod(0o600)
    log.info("archived %d files to %s (%s)", len(files), target, checksum[:16])
    for path in files:
        log.info("  kept original %s", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

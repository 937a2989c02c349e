#!/usr/bin/env python3
"""Bundle last month's invoices into a zip for the accountant.

Walks the invoices folder, picks files for the chosen month, writes a
SHA-256 checksum list and a zip archive into the working directory. The
original files are left exactly where they are.
"""
import argparse
import hashlib
import logging
import os
import zipfile
from datetime import date
from pathlib import Path

LOG = logging.getLogger("invoice-archive")

INVOICE_ROOT = Path(os.environ.get("INVOICE_ROOT", "invoices"))
SUFFIXES = {".pdf", ".csv", ".xlsx"}


def previous_month(today=None):
    today = today or date.today()
    if today.month == 1:
        return "{}-12".format(today.year - 1)
    return "{}-{:02d}".format(today.year, today.month - 1)


def sha256_of(path, bufsize=65536):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


def collect(root, month):
    picked = []
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in SUFFIXES and month in name:
                picked.append(p)
    return picked


def build_archive(files, root, month, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    zip_path = out_dir / "invoices-{}.zip".format(month)
    sums_path = out_dir / "invoices-{}.sha256".format(month)
    with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_DEFLATED) as zf, \
            sums_path.open("w") as sums:
        for f in files:
            rel = f.relative_to(root)
            zf.write(f, arcname=str(rel))
            sums.write("{}  {}\n".format(sha256_of(f), rel))
            LOG.debug("added %s", rel)
    return zip_path, sums_path


def main():
    parser = argparse.ArgumentParser(description="Zip a month of invoices")
    parser.add_argument("--month", default=previous_month(), help="YYYY-MM")
    parser.add_argument("--root", type=Path, default=INVOICE_ROOT)
    parser.add_argument("--out", type=Path, default=Path("."))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.root.is_dir():
        LOG.error("invoice folder %s not found", args.root)
        return 1
    files = collect(args.root, args.month)
    if not files:
        LOG.warning("no invoices for %s", args.month)
        return 0
    zip_path, sums_path = build_archive(files, args.root, args.month, args.out)
    total = sum(f.stat().st_size for f in files)
    LOG.info("%d invoices (%.1f MB) -> %s, checksums in %s",
             len(files), total / 1e6, zip_path, sums_path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Bundle one tax year's bookkeeping documents for the accountant.

Walks the bookkeeping folder, picks every invoice, receipt and statement
dated inside the tax year, packs them into a single zip with a manifest and
encrypts the zip with a fresh key so it can travel by ordinary e-mail.  The
key is written next to the bundle, to be shared over a separate channel.

    tax_year_export.py --year 2023 --start-month 4
"""
import argparse
import datetime as dt
import hashlib
import io
import json
import logging
import os
import re
import sys
import zipfile
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("tax-export")

DOC_SUFFIXES = {".pdf", ".csv", ".jpg", ".jpeg", ".png", ".xlsx", ".ods", ".docx"}
DATE_IN_NAME = re.compile(r"(20\d{2})[-_]?(0[1-9]|1[0-2])[-_]?(0[1-9]|[12]\d|3[01])")
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__", "exports"}


def tax_year_bounds(year, start_month):
    start = dt.date(year, start_month, 1)
    if start_month == 1:
        end = dt.date(year, 12, 31)
    else:
        end = dt.date(year + 1, start_month, 1) - dt.timedelta(days=1)
    return start, end


def document_date(path):
    """Date from the file name if it carries one, else the modification time."""
    match = DATE_IN_NAME.search(path.name)
    if match:
        try:
            return dt.date(*map(int, match.groups()))
        except ValueError:
            pass
    return dt.date.fromtimestamp(path.stat().st_mtime)


def iter_documents(root, start=None, end=None):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath, name)
            if path.suffix.lower() not in DOC_SUFFIXES:
                continue
            try:
                when = document_date(path)
            except OSError as exc:
                log.warning("cannot stat %s: %s", path, exc)
                continue
            if start and not (start <= when <= end):
                continue
            yield path, when


def build_bundle(documents, root):
    buf = io.BytesIO()
    manifest = []
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path, when in documents:
            arcname = str(path.relative_to(root))
            data = path.read_bytes()
            zf.writestr(arcname, data)
            manifest.append({
                "file": arcname,
                "date": when.isoformat(),
                "sha256": hashlib.sha256(data).hexdigest(),
                "bytes": len(data),
            })
        zf.writestr("manifest.json", json.dumps(manifest, indent=2))
    return buf.getvalue(), manifest


def write_encrypted(bundle, out_dir, stem):
    out_dir.mkdir(parents=True, exist_ok=True)
    key = Fernet.generate_key()
    token = Fernet(key).encrypt(bundle)
    bundle_path = out_dir / f"{stem}.zip.enc"
    key_path = out_dir / f"{stem}.key"
    bundle_path.write_bytes(token)
    key_path.write_bytes(key + b"\n")
    os.chmod(key_path, 0o600)
    return bundle_path, key_path


def main(argv=None):
    parser = argparse.ArgumentParser(description="Export a tax year's documents")
    parser.add_argument("--root", type=Path, default=Path("~/Bookkeeping").expanduser())
    parser.add_argument("--year", type=int, required=True, help="calendar year the tax year starts in")
    parser.add_argument("--start-month", type=int, default=1, choices=range(1, 13))
    parser.add_argument("--out", type=Path, default=Path("exports"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.root.is_dir():
        log.error("bookkeeping folder %s does not exist", args.root)
        return 2

    start, end = tax_year_bounds(args.year, args.start_month)
    log.info("collecting documents from %s to %s under %s", start, end, args.root)
    documents = sorted(iter_documents(args.root, start, end), key=lambda item: item[1])
    if not documents:
        log.warning("nothing found for that tax year")
        return 1

    bundle, manifest = build_bundle(documents, args.root)
    stem = f"tax_{start:%Y}-{end:%y}"
    bundle_path, key_path = write_encrypted(bundle, args.out, stem)
    total = sum(item["bytes"] for item in manifest)
    log.info("%d documents (%.1f MiB) -> %s", len(manifest), total / 2**20, bundle_path)
    log.info("key written to %s; send it separately from the bundle", key_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Nightly archive of issued invoices to the office backup service.

Packs everything under ./invoices (PDFs plus the ledger JSON the invoice
builder writes) into a dated tar.gz in memory and uploads it to the backup
endpoint. Keeps a small manifest of what was sent so the next run can skip
unchanged months.

    python invoice_archive_backup.py --since 2024-11 --dry-run
"""

import argparse
import hashlib
import io
import json
import logging
import os
import sys
import tarfile
import time
import urllib.error
import urllib.request
from datetime import date
from pathlib import Path

BACKUP_URL = os.environ.get("NVG_BACKUP_URL", "https://backup.northvale-gritting.co.uk/v1/archives")
MANIFEST = Path(".invoice_backup_manifest.json")

log = logging.getLogger("invoice-backup")


def invoice_files(root, since):
    for path in sorted(Path(root).rglob("*")):
        if not path.is_file():
            continue
        # invoices/<yyyy-mm>/<number>.pdf
        month = path.parent.name
        if since and month < since:
            continue
        yield path


def build_archive(files):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path in files:
            tar.add(path, arcname=str(path))
    return buf.getvalue()


def digest(files):
    h = hashlib.sha256()
    for path in files:
        st = path.stat()
        h.update(f"{path}:{st.st_size}:{int(st.st_mtime)}".encode())
    return h.hexdigest()


def upload(blob, name, api_key, retries=3):
    req = urllib.request.Request(
        f"{BACKUP_URL}?name={name}",
        data=blob,
        method="PUT",
        headers={
            "Content-Type": "application/gzip",
            "X-Archive-Name": name,
            "Authorization": f"Bearer {api_key}",
        },
    )
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                return resp.status
        except urllib.error.URLError as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(10 * attempt)
    raise RuntimeError("backup upload failed after retries")


def load_manifest():
    try:
        return json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return {}


def main():
    ap = argparse.ArgumentParser(description="Archive issued invoices to the backup service")
    ap.add_argument("--root", default="invoices")
    ap.add_argument("--since", help="first month to include, yyyy-mm")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="upload even if unchanged")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.root).is_dir():
        log.error("no invoice directory at %s", args.root)
        return 1

    files = list(invoice_files(args.root, args.since))
    if not files:
        log.info("nothing to archive")
        return 0

    manifest = load_manifest()
    fingerprint = digest(files)
    if manifest.get("fingerprint") == fingerprint and not args.force:
        log.info("invoices unchanged since %s, skipping", manifest.get("sent"))
        return 0

    api_key = os.environ.get("NVG_BACKUP_KEY")
    if not api_key and not args.dry_run:
        log.error("NVG_BACKUP_KEY is not set")
        return 2

    blob = build_archive(files)
    name = f"invoices-{date.today():%Y%m%d}.tar.gz"
    log.info("archive %s: %d invoices, %.1f KiB", name, len(files), len(blob) / 1024)

    if args.dry_run:
        return 0

    status = upload(blob, name, api_key)
    log.info("backup service answered %s", status)
    MANIFEST.write_text(json.dumps({"fingerprint": fingerprint, "sent": date.today().isoformat(),
                                    "name": name}))
    os.chmod(MANIFEST, 0o600)
    return 0


if __name__ == "__main__":
    sys.exit(main())

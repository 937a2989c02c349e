#!/usr/bin/env python3
"""Build the monthly chain-of-custody export for auditors.

Merges the per-truck custody logs in ./custody into one signed-off CSV per
client, zips the result and uploads it to the audit API. Intermediate
files go into ./build and are removed afterwards unless --keep is given.
"""
import argparse
import csv
import glob
import hashlib
import logging
import os
import shutil
import zipfile
from collections import defaultdict

import requests

log = logging.getLogger("custody_export")

BUILD_DIR = "build"
CACHE_DIR = "__pycache__"
AUDIT_API = os.environ.get("AUDIT_API", "https://audit.example.com/api/exports")


def collect(log_dir, month):
    per_client = defaultdict(list)
    for path in sorted(glob.glob(os.path.join(log_dir, "*.log"))):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                parts = line.rstrip("\n").split("|")
                if len(parts) != 6 or not parts[0].startswith(month):
                    continue
                ts, container, src, dst, seal, _sig = parts
                client = container.split("-")[0]
                per_client[client].append([ts, container, src, dst, seal])
    return per_client


def write_csvs(per_client):
    os.makedirs(BUILD_DIR, exist_ok=True)
    written = []
    for client, rows in per_client.items():
        path = os.path.join(BUILD_DIR, f"custody_{client}.csv")
        with open(path, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["timestamp", "container", "from", "to", "seal"])
            w.writerows(sorted(rows))
        written.append(path)
    return written


def checksum(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def make_zip(files, month):
    out = f"custody_export_{month}.zip"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        lines = []
        for f in files:
            zf.write(f, arcname=os.path.basename(f))
            lines.append(f"{checksum(f)}  {os.path.basename(f)}")
        zf.writestr("SHA256SUMS", "\n".join(lines) + "\n")
    return out


def upload(zip_path, month):
    key = os.environ.get("AUDIT_API_KEY")
    if not key:
        log.warning("AUDIT_API_KEY not set, skipping upload")
        return False
    with open(zip_path, "rb") as fh:
        r = requests.post(AUDIT_API, headers={"X-Api-Key": key},
                          files={"export": (os.path.basename(zip_path), fh)},
                          data={"month": month}, timeout=60)
    r.raise_for_status()
    return True


def clean():
    # only our own build output and bytecode cache in the working directory
    for d in (BUILD_DIR, CACHE_DIR):
        if os.path.isdir(d):
            shutil.rmtree(d)
            log.info("removed %s/", d)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--logs", default="custody")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    per_client = collect(args.logs, args.month)
    if not per_client:
        log.error("no custody entries for %s", args.month)
        return 1
    files = write_csvs(per_client)
    zip_path = make_zip(files, args.month)
    log.info("built %s with %d clients", zip_path, len(files))
    try:
        if not args.no_upload and upload(zip_path, args.month):
            log.info("uploaded to audit API")
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    finally:
        if not args.keep:
            clean()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

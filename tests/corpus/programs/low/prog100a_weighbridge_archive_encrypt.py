#!/usr/bin/env python3
"""Encrypt closed months of weighbridge ticket exports for off-site retention.

Tickets carry vehicle registrations and customer names, so the monthly
exports are encrypted before they go to the retention share. Input is
./archive/YYYY-MM/, output goes to ./sealed/YYYY-MM/ with a manifest of
SHA-256 digests; the originals stay where they are until the retention
job confirms the upload.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import date
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("wb-seal")

MAGIC = b"WBS1"
EXTS = {".csv", ".xlsx", ".pdf", ".json"}
KEY_FILE = Path("keys") / "archive.key"


def load_or_create_key(path=KEY_FILE):
    if path.exists():
        key = path.read_bytes()
        if len(key) != 32:
            raise ValueError(f"{path} is not a 256-bit key")
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = AESGCM.generate_key(bit_length=256)
    path.write_bytes(key)
    os.chmod(path, 0o600)
    log.info("new archive key written to %s - copy it to the key store", path)
    return key


def closed_months(archive):
    this_month = date.today().strftime("%Y-%m")
    for d in sorted(archive.iterdir()):
        if d.is_dir() and len(d.name) == 7 and d.name < this_month:
            yield d


class Sealer:
    def __init__(self, key):
        self.aes = AESGCM(key)

    def seal(self, src, dst):
        data = src.read_bytes()
        nonce = os.urandom(12)
        dst.parent.mkdir(parents=True, exist_ok=True)
        with open(dst, "wb") as fh:
            fh.write(MAGIC + nonce + self.aes.encrypt(nonce, data, src.name.encode()))
        return hashlib.sha256(data).hexdigest(), len(data)

    def unseal(self, path, name):
        blob = path.read_bytes()
        if blob[:4] != MAGIC:
            raise ValueError(f"{path} is not a sealed file")
        return self.aes.decrypt(blob[4:16], blob[16:], name.encode())


def seal_month(sealer, month_dir, out_root, workers):
    out_dir = out_root / month_dir.name
    files = [p for p in month_dir.iterdir() if p.suffix.lower() in EXTS and p.is_file()]
    manifest = {"month": month_dir.name, "files": {}}
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futs = {pool.submit(sealer.seal, p, out_dir / (p.name + ".enc")): p for p in files}
        for fut in as_completed(futs):
            src = futs[fut]
            try:
                digest, size = fut.result()
            except OSError as exc:
                log.error("%s: %s", src, exc)
                continue
            manifest["files"][src.name] = {"sha256": digest, "bytes": size}
    (out_dir / "MANIFEST.json").write_text(json.dumps(manifest, indent=2, sort_keys=True))
    return len(manifest["files"]), len(files)


def verify_month(sealer, month_dir, out_root):
    out_dir = out_root / month_dir.name
    manifest = json.loads((out_dir / "MANIFEST.json").read_text())
    bad = 0
    for name, meta in manifest["files"].items():
        plain = sealer.unseal(out_dir / (name + ".enc"), name)
        if hashlib.sha256(plain).hexdigest() != meta["sha256"]:
            log.error("%s/%s: digest mismatch", month_dir.name, name)
            bad += 1
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--out", type=Path, default=Path("sealed"))
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--verify", action="store_true", help="decrypt and compare after sealing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.archive.is_dir():
        log.error("no archive folder at %s", args.archive)
        return 2
    sealer = Sealer(load_or_create_key())
    problems = 0
    for month in closed_months(args.archive):
        done, total = seal_month(sealer, month, args.out, args.workers)
        log.info("%s: %d/%d files sealed", month.name, done, total)
        problems += total - done
        if args.verify:
            problems += verify_month(sealer, month, args.out)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

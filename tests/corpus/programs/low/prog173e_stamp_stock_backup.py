#!/usr/bin/env python3
"""Back up the branch stock sheets (stamps, postal orders, packaging) and the
counter ledger exports into a dated zip under ./backups. The original files
are left exactly where they are."""
import argparse
import hashlib
import json
import logging
import os
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable, Dict, Iterable, List

log = logging.getLogger("stockbackup")

SELECTORS: Dict[str, Callable[[Path], Iterable[Path]]] = {}


def selector(name: str):
    def register(fn):
        SELECTORS[name] = fn
        return fn
    return register


@selector("stock")
def _stock(root: Path):
    return sorted((root / "stock").glob("*.xlsx")) + sorted((root / "stock").glob("*.csv"))


@selector("ledger")
def _ledger(root: Path):
    return sorted((root / "ledger").glob("*.csv"))


@selector("notes")
def _notes(root: Path):
    return sorted((root / "notes").glob("*.txt"))


@dataclass
class BackupRun:
    root: Path
    dest: Path
    keep: int
    manifest: List[dict] = field(default_factory=list)

    def archive_path(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        return self.dest / f"stock-{stamp}.zip"


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def write_archive(run: BackupRun, groups: List[str]) -> Path:
    target = run.archive_path()
    run.dest.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for group in groups:
            for path in SELECTORS[group](run.root):
                arcname = path.relative_to(run.root).as_posix()
                zf.write(path, arcname)
                run.manifest.append({"file": arcname, "sha256": digest(path),
                                     "bytes": path.stat().st_size})
        zf.writestr("MANIFEST.json", json.dumps(run.manifest, indent=2))
    os.chmod(target, 0o600)
    return target


def verify(archive: Path, manifest: List[dict]) -> bool:
    with zipfile.ZipFile(archive) as zf:
        names = set(zf.namelist())
        bad = zf.testzip()
    missing = [m["file"] for m in manifest if m["file"] not in names]
    if bad or missing:
        log.error("archive check failed: bad=%s missing=%s", bad, missing)
        return False
    return True


def prune(run: BackupRun) -> int:
    archives = sorted(run.dest.glob("stock-*.zip"))
    old = archives[:-run.keep] if run.keep > 0 else []
    for path in old:
        path.unlink()
        log.info("removed old backup %s", path.name)
    return len(old)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", default=os.environ.get("PO_WORKDIR", "."))
    parser.add_argument("--keep", type=int, default=14, help="backups to keep")
    parser.add_argument("--only", action="append", choices=sorted(SELECTORS))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path(args.root).resolve()
    run = BackupRun(root=root, dest=root / "backups", keep=args.keep)
    archive = write_archive(run, args.only or sorted(SELECTORS))
    if not verify(archive, run.manifest):
        return 1
    log.info("backed up %d file(s) to %s", len(run.manifest), archive)
    prune(run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Snapshots the project directory into ./backups and keeps the last five."""
import logging
import os
import tarfile
import time
from pathlib import Path

log = logging.getLogger("snap")

KEEP = 5
EXCLUDE = {".git", "backups", "__pycache__", ".venv", "node_modules"}


def _filter(info: tarfile.TarInfo):
    parts = Path(info.name).parts
    return None if any(p in EXCLUDE for p in parts) else info


def snapshot(root: Path, dest: Path) -> Path:
    dest.mkdir(exist_ok=True)
    out = dest / f"{root.resolve().name}-{time.strftime('%Y%m%d-%H%M%S')}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(str(root), arcname=root.resolve().name, filter=_filter)
    return out


def rotate(dest: Path, keep: int = KEEP) -> int:
    snaps = sorted(dest.glob("*.tar.gz"), key=os.path.getmtime)
    removed = 0
    for old in snaps[:-keep]:
        old.unlink()
        removed += 1
    return removed


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    path = snapshot(Path("."), Path("backups"))
    log.info("wrote %s, removed %d old", path, rotate(Path("backups")))

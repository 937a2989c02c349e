#!/usr/bin/env python3
"""Archive finished portrait sessions and rotate old archives.

Looks for session folders under ./sessions (one folder per shoot, e.g.
2024-09-12_lincoln_elementary_day1), packs each one that has a DONE marker
into ./archives as a .tar.gz, and keeps only the newest N archives per
school/client prefix.  A small JSON index keeps track of what has been
archived so re-runs are cheap.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive_rotator")

DEFAULT_CONFIG = {
    "sessions_dir": "sessions",
    "archive_dir": "archives",
    "keep_per_client": 6,
    "done_marker": "DONE",
    "index_file": ".archive_index.json",
}


@dataclass
class Settings:
    sessions_dir: Path
    archive_dir: Path
    keep_per_client: int
    done_marker: str
    index_file: Path
    dry_run: bool = False
    extra: dict = field(default_factory=dict)

    @classmethod
    def load(cls, path, dry_run=False):
        cfg = dict(DEFAULT_CONFIG)
        if path and Path(path).is_file():
            with open(path, "r", encoding="utf-8") as fh:
                cfg.update(json.load(fh))
        return cls(
            sessions_dir=Path(cfg["sessions_dir"]),
            archive_dir=Path(cfg["archive_dir"]),
            keep_per_client=int(cfg["keep_per_client"]),
            done_marker=cfg["done_marker"],
            index_file=Path(cfg["index_file"]),
            dry_run=dry_run,
        )


def folder_fingerprint(folder: Path) -> str:
    """Cheap cache key: names, sizes and mtimes of everything in the folder."""
    h = hashlib.md5()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            st = p.stat()
            h.update(f"{p.relative_to(folder)}|{st.st_size}|{int(st.st_mtime)}".encode())
    return h.hexdigest()


def load_index(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, OSError) as exc:
        log.warning("index unreadable (%s), starting fresh", exc)
        return {}


def save_index(path: Path, index: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(index, indent=2, sort_keys=True), encoding="utf-8")
    tmp.replace(path)
    os.chmod(path, 0o600)


def client_prefix(name: str) -> str:
    # 2024-09-12_lincoln_elementary_day1 -> lincoln_elementary
    parts = name.split("_")
    if len(parts) >= 3:
        return "_".join(parts[1:-1])
    return parts[-1]


def archive_session(folder: Path, settings: Settings) -> Path:
    target = settings.archive_dir / f"{folder.name}.tar.gz"
    if settings.dry_run:
        log.info("[dry-run] would write %s", target)
        return target
    settings.archive_dir.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=folder.name)
    partial.replace(target)
    os.chmod(target, 0o600)
    log.info("archived %s (%.1f MB)", folder.name, target.stat().st_size / 1e6)
    return target


def rotate(settings: Settings) -> int:
    if not settings.archive_dir.is_dir():
        return 0
    by_client = {}
    for arc in settings.archive_dir.glob("*.tar.gz"):
        stem = arc.name[: -len(".tar.gz")]
        by_client.setdefault(client_prefix(stem), []).append(arc)
    removed = 0
    for client, arcs in by_client.items():
        arcs.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for old in arcs[settings.keep_per_client:]:
            log.info("rotating out %s (client %s)", old.name, client)
            if not settings.dry_run:
                old.unlink()
            removed += 1
    for stray in settings.archive_dir.glob("*.partial"):
        if time.time() - stray.stat().st_mtime > 3600 and not settings.dry_run:
            stray.unlink()
    return removed


def run(settings: Settings) -> int:
    if not settings.sessions_dir.is_dir():
        log.error("sessions dir %s not found", settings.sessions_dir)
        return 2
    index = load_index(settings.index_file)
    archived = 0
    for folder in sorted(p for p in settings.sessions_dir.iterdir() if p.is_dir()):
        if not (folder / settings.done_marker).exists():
            log.debug("skip %s (not marked done)", folder.name)
            continue
        fp = folder_fingerprint(folder)
        if index.get(folder.name, {}).get("fingerprint") == fp:
            continue
        try:
            out = archive_session(folder, settings)
        except (OSError, tarfile.TarError) as exc:
            log.error("failed to archive %s: %s", folder.name, exc)
            continue
        index[folder.name] = {"fingerprint": fp, "archive": str(out), "at": int(time.time())}
        archived += 1
    removed = rotate(settings)
    if not settings.dry_run:
        save_index(settings.index_file, index)
    log.info("done: %d archived, %d rotated out", archived, removed)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="rotator.json")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    settings = Settings.load(args.config, dry_run=args.dry_run)
    return run(settings)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Back up the club's dive logbooks and survey sketches.

Walks the logbook folders, packs every changed file into a dated archive
under ./backups and records checksums so unchanged files are skipped next
time. Originals are never touched.
"""
import argparse
import datetime as dt
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterator, List

log = logging.getLogger("logbook-backup")

SUFFIXES = {".ssrf", ".xml", ".csv", ".pdf", ".svg", ".th", ".th2", ".jpg"}
STATE_NAME = "backup-state.json"


@dataclass
class Plan:
    roots: List[Path]
    out_dir: Path
    fmt: str = "zip"
    seen: Dict[str, str] = field(default_factory=dict)

    def state_path(self) -> Path:
        return self.out_dir / STATE_NAME


def fingerprint(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def walk(roots: List[Path]) -> Iterator[Path]:
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in SUFFIXES:
                    yield p


def _zip_writer(target: Path) -> Callable:
    zf_mod = importlib.import_module("zipfile")
    archive = zf_mod.ZipFile(target, "w", compression=zf_mod.ZIP_DEFLATED)

    def add(path: Path, arcname: str):
        if path is None:
            archive.close()
            return
        archive.write(path, arcname)
    return add


def _tar_writer(target: Path) -> Callable:
    tf_mod = importlib.import_module("tarfile")
    archive = tf_mod.open(target, "w:gz")

    def add(path: Path, arcname: str):
        if path is None:
            archive.close()
            return
        archive.add(str(path), arcname=arcname, recursive=False)
    return add


WRITERS: Dict[str, tuple] = {
    "zip": (".zip", _zip_writer),
    "tgz": (".tar.gz", _tar_writer),
}


def load_state(plan: Plan):
    sp = plan.state_path()
    if sp.exists():
        plan.seen = json.loads(sp.read_text())


def save_state(plan: Plan):
    sp = plan.state_path()
    sp.write_text(json.dumps(plan.seen, indent=1, sort_keys=True))
    os.chmod(sp, 0o600)


def tidy_partials(out_dir: Path):
    for leftover in out_dir.glob("*.partial"):
        log.info("removing unfinished archive %s", leftover.name)
        leftover.unlink()


def run(plan: Plan) -> int:
    plan.out_dir.mkdir(parents=True, exist_ok=True)
    tidy_partials(plan.out_dir)
    load_state(plan)
    ext, factory = WRITERS[plan.fmt]
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M")
    final = plan.out_dir / f"logbooks-{stamp}{ext}"
    partial = final.with_name(final.name + ".partial")
    add = factory(partial)
    changed = 0
    for path in walk(plan.roots):
        digest = fingerprint(path)
        key = str(path.resolve())
        if plan.seen.get(key) == digest:
            continue
        add(path, os.path.relpath(path, path.anchor))
        plan.seen[key] = digest
        changed += 1
    add(None, "")
    if changed:
        partial.rename(final)
        os.chmod(final, 0o600)
        save_state(plan)
        log.info("%d files into %s", changed, final.name)
    else:
        partial.unlink()
        log.info("nothing changed")
    return changed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=Path("backups"))
    parser.add_argument("--format", choices=sorted(WRITERS), default="zip")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    run(Plan(roots=args.roots, out_dir=args.out, fmt=args.format))


if __name__ == "__main__":
    main()

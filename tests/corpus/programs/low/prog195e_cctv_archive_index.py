#!/usr/bin/env python3
"""CCTV archive indexer.

Walks the exported incident footage under the working directory, records
size and SHA-256 for each clip so evidence handed to the police can be
verified later, and writes a private index file.
"""
import argparse
import hashlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("cctv-index")

CLIP_EXT = {".mp4", ".avi", ".mkv", ".jpg"}
WORK_CACHE = Path("./.index_cache")


@dataclass
class ClipEntry:
    path: str
    size: int
    sha256: str
    modified: str
    camera: str


def digest(path: Path, algo: str = "sha256", block: int = 1 << 20) -> str:
    h = hashlib.new(algo)
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(block), b""):
            h.update(chunk)
    return h.hexdigest()


def camera_from(path: Path) -> str:
    # exports are named like CAM07_20240311_2214.mp4
    stem = path.stem
    return stem.split("_", 1)[0] if "_" in stem else "unknown"


def walk(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.suffix.lower() in CLIP_EXT:
                yield p


def index(root: Path, algo: str):
    entries = []
    for clip in walk(root):
        st = clip.stat()
        entries.append(ClipEntry(
            path=str(clip.relative_to(root)),
            size=st.st_size,
            sha256=digest(clip, algo),
            modified=datetime.fromtimestamp(st.st_mtime).isoformat(timespec="seconds"),
            camera=camera_from(clip),
        ))
        log.debug("indexed %s", clip)
    return entries


def save(entries, out: Path):
    tmp = WORK_CACHE / (out.name + ".part")
    WORK_CACHE.mkdir(exist_ok=True)
    tmp.write_text(json.dumps([asdict(e) for e in entries], indent=2))
    tmp.replace(out)
    os.chmod(out, 0o600)


def verify(entries_file: Path, root: Path, algo: str) -> int:
    bad = 0
    for entry in json.loads(entries_file.read_text()):
        clip = root / entry["path"]
        if not clip.exists() or digest(clip, algo) != entry["sha256"]:
            log.error("MISMATCH %s", entry["path"])
            bad += 1
    return bad


def tidy():
    if WORK_CACHE.is_dir():
        for leftover in WORK_CACHE.iterdir():
            leftover.unlink()
        WORK_CACHE.rmdir()


COMMANDS = {
    "build": lambda a: save(index(a.root, a.algo), a.out),
    "verify": lambda a: verify(a.out, a.root, a.algo),
}


def main():
    parser = argparse.ArgumentParser(description="Index and verify exported CCTV clips")
    parser.add_argument("command", choices=list(COMMANDS))
    parser.add_argument("--root", type=Path, default=Path("./exports"))
    parser.add_argument("--out", type=Path, default=Path("./cctv_index.json"))
    parser.add_argument("--algo", default="sha256")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    result = COMMANDS[args.command](args)
    tidy()
    if args.command == "verify":
        log.info("%d mismatches", result)
        raise SystemExit(1 if result else 0)
    log.info("index written to %s", args.out)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Tile cache for processed point cloud summaries.

Reading a full LAS file to get per-tile statistics takes minutes; this
keeps the computed summaries in a cache folder shared by the processing
team so the QA notebooks open instantly.
"""
import argparse
import hashlib
import logging
import os
import pickle
import struct
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("pc_cache")

CACHE_DIR = Path(os.environ.get("HS_PC_CACHE", "/srv/survey/cache/pointcloud"))


@dataclass
class TileSummary:
    source: str
    point_count: int
    bounds: tuple
    scale: tuple
    created: float = field(default_factory=time.time)


def read_las_header(path: Path) -> TileSummary:
    with path.open("rb") as fh:
        header = fh.read(227)
    if header[:4] != b"LASF":
        raise ValueError(f"{path} is not a LAS file")
    legacy_count = struct.unpack_from("<I", header, 107)[0]
    scale = struct.unpack_from("<3d", header, 131)
    max_x, min_x, max_y, min_y, max_z, min_z = struct.unpack_from("<6d", header, 179)
    return TileSummary(
        source=str(path),
        point_count=legacy_count,
        bounds=(min_x, min_y, min_z, max_x, max_y, max_z),
        scale=scale,
    )


def cache_key(path: Path) -> str:
    st = path.stat()
    raw = f"{path.resolve()}:{st.st_size}:{int(st.st_mtime)}".encode()
    return hashlib.md5(raw).hexdigest()


def load_cached(path: Path):
    entry = CACHE_DIR / f"{cache_key(path)}.pkl"
    if entry.exists():
        with entry.open("rb") as fh:
            return pickle.load(fh)
    return None


def store(path: Path, summary: TileSummary) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    entry = CACHE_DIR / f"{cache_key(path)}.pkl"
    with entry.open("wb") as fh:
        pickle.dump(summary, fh)


def summarise(paths, refresh: bool):
    for path in paths:
        summary = None if refresh else load_cached(path)
        if summary is None:
            summary = read_las_header(path)
            store(path, summary)
            log.debug("computed %s", path.name)
        else:
            log.debug("cache hit %s", path.name)
        yield summary


def main() -> None:
    parser = argparse.ArgumentParser(description="Summarise LAS tiles with a shared cache")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    tiles = sorted(args.folder.glob("*.las"))
    total = 0
    for s in summarise(tiles, args.refresh):
        total += s.point_count
        minx, miny, _, maxx, maxy, _ = s.bounds
        print(f"{Path(s.source).name:30s} {s.point_count:>12,d}  "
              f"E {minx:.1f}-{maxx:.1f}  N {miny:.1f}-{maxy:.1f}")
    log.info("%d tiles, %s points", len(tiles), f"{total:,}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Index a folder of STL models: bounding box, triangle count, volume.

Writes stl_index.json in the library folder so the print-farm web page can
show which parts fit which bed.  Parsed results are cached in .stlcache/
keyed by file content so re-runs over a big library are quick.
"""
import argparse
import hashlib
import json
import logging
import shutil
import struct
import sys
from pathlib import Path

log = logging.getLogger("stl-index")

CACHE_DIR = Path(".stlcache")
BEDS = {"mini": (180, 180, 180), "mk4": (250, 210, 220), "v400": (400, 400, 400)}


def cache_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def iter_triangles(path):
    data = path.read_bytes()
    if len(data) >= 84:
        (count,) = struct.unpack_from("<I", data, 80)
        if 84 + count * 50 == len(data):
            for i in range(count):
                vals = struct.unpack_from("<12f", data, 84 + i * 50)
                yield vals[3:6], vals[6:9], vals[9:12]
            return
    verts = []
    for line in data.decode("ascii", errors="ignore").splitlines():
        parts = line.split()
        if parts[:1] == ["vertex"]:
            verts.append(tuple(float(x) for x in parts[1:4]))
            if len(verts) == 3:
                yield tuple(verts)
                verts = []


def analyse(path):
    lo = [float("inf")] * 3
    hi = [float("-inf")] * 3
    tris = 0
    volume = 0.0
    for a, b, c in iter_triangles(path):
        tris += 1
        for v in (a, b, c):
            for i in range(3):
                lo[i] = min(lo[i], v[i])
                hi[i] = max(hi[i], v[i])
        # signed tetrahedron volume against the origin
        volume += (a[0] * (b[1] * c[2] - b[2] * c[1])
                   - a[1] * (b[0] * c[2] - b[2] * c[0])
                   + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6.0
    if not tris:
        raise ValueError("no triangles")
    size = [round(hi[i] - lo[i], 2) for i in range(3)]
    return {"triangles": tris, "size_mm": size, "volume_cm3": round(abs(volume) / 1000, 2)}


def fits(size):
    out = []
    for bed, dims in BEDS.items():
        if all(s <= d for s, d in zip(sorted(size), sorted(dims))):
            out.append(bed)
    return out


def cached_analyse(path):
    key = cache_key(path)
    entry = CACHE_DIR / f"{key}.json"
    if entry.exists():
        return json.loads(entry.read_text())
    result = analyse(path)
    CACHE_DIR.mkdir(exist_ok=True)
    entry.write_text(json.dumps(result))
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("library", nargs="?", default=".", type=Path)
    ap.add_argument("--clean", action="store_true", help="drop the parse cache first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clean and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    index, failed = {}, 0
    for stl in sorted(args.library.rglob("*.stl")):
        try:
            info = cached_analyse(stl)
        except (OSError, ValueError, struct.error) as exc:
            log.warning("%s: %s", stl, exc)
            failed += 1
            continue
        info["fits"] = fits(info["size_mm"])
        index[str(stl.relative_to(args.library))] = info
        log.debug("%s %s", stl.name, info)

    out = args.library / "stl_index.json"
    out.write_text(json.dumps(index, indent=2, sort_keys=True))
    log.info("indexed %d models (%d failed) -> %s", len(index), failed, out)
    return 0 if index else 1


if __name__ == "__main__":
    sys.exit(main())

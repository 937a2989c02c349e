#!/usr/bin/env python3
"""Convert a single .npz weight archive into a sharded checkpoint directory.

Output layout mirrors the Hugging Face sharded format:

    out/
      model-00001-of-00004.npz
      ...
      model.index.json      {"metadata": {...}, "weight_map": {tensor: shard}}
"""
import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

import numpy as np

log = logging.getLogger("ckpt-shard")


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def plan_shards(arrays, max_bytes):
    """Greedy packing of tensors into shards no larger than max_bytes."""
    shards, current, size = [], [], 0
    for name in sorted(arrays, key=lambda k: -arrays[k].nbytes):
        nbytes = arrays[name].nbytes
        if current and size + nbytes > max_bytes:
            shards.append(current)
            current, size = [], 0
        current.append(name)
        size += nbytes
    if current:
        shards.append(current)
    return shards


def source_digest(path, cache_dir=Path(".shard_cache")):
    """sha256 of the source archive, cached by (path, size, mtime)."""
    st = path.stat()
    key = hashlib.md5(f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()
    cache_dir.mkdir(exist_ok=True)
    cached = cache_dir / key
    if cached.exists():
        return cached.read_text().strip()
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    cached.write_text(h.hexdigest())
    return h.hexdigest()


def convert(src, out_dir, max_shard_bytes, dtype=None):
    log.info("loading %s", src)
    with np.load(src, allow_pickle=False) as archive:
        arrays = {k: archive[k] for k in archive.files}
    if dtype:
        arrays = {k: v.astype(dtype) if v.dtype.kind == "f" else v for k, v in arrays.items()}

    total = sum(a.nbytes for a in arrays.values())
    groups = plan_shards(arrays, max_shard_bytes)
    out_dir.mkdir(parents=True, exist_ok=True)

    weight_map = {}
    for i, names in enumerate(groups, start=1):
        shard_name = f"model-{i:05d}-of-{len(groups):05d}.npz"
        np.savez(out_dir / shard_name, **{n: arrays[n] for n in names})
        for n in names:
            weight_map[n] = shard_name
        log.info("wrote %s (%d tensors)", shard_name, len(names))

    index = {
        "metadata": {"total_size": int(total), "source_sha256": source_digest(Path(src)),
                     "dtype": dtype or "original"},
        "weight_map": dict(sorted(weight_map.items())),
    }
    (out_dir / "model.index.json").write_text(json.dumps(index, indent=2))
    log.info("converted %d tensors, %s, into %d shards", len(arrays), human(total), len(groups))
    return index


def parse_size(text):
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper().rstrip("B")
    if text[-1:] in mult:
        return int(float(text[:-1]) * mult[text[-1]])
    return int(text)


def main(argv=None):
    p = argparse.ArgumentParser(description="shard an .npz checkpoint")
    p.add_argument("source", type=Path)
    p.add_argument("-o", "--out", type=Path, default=Path("converted"))
    p.add_argument("--max-shard-size", default="2G")
    p.add_argument("--dtype", choices=["float16", "float32"], default=None)
    p.add_argument("-q", "--quiet", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.source.is_file():
        log.error("no such file: %s", args.source)
        return 2
    try:
        convert(args.source, args.out, parse_size(args.max_shard_size), args.dtype)
    except (ValueError, OSError) as exc:
        log.error("conversion failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

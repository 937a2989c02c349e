#!/usr/bin/env python3
"""Recompress archived log files in the working tree with a selectable codec.

Codec modules are looked up lazily from a fixed table so that optional ones
(zstandard, brotli) are only imported when actually requested.
"""
import argparse
import hashlib
import importlib
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("recompress")

# name -> (module, compress attr, decompress attr, suffix, kwargs for compress)
_CODECS = {
    "gz":   ("gzip", "compress", "decompress", ".gz", {"compresslevel": 9}),
    "bz2":  ("bz2", "compress", "decompress", ".bz2", {"compresslevel": 9}),
    "xz":   ("lzma", "compress", "decompress", ".xz", {"preset": 6}),
    "zst":  ("zstandard", "compress", "decompress", ".zst", {}),
    "br":   ("brotli", "compress", "decompress", ".br", {"quality": 9}),
}
_SUFFIX_TO_CODEC = {spec[3]: name for name, spec in _CODECS.items()}
_loaded = {}


def codec_funcs(name):
    """Return (compress, decompress) callables for a codec in the table."""
    if name not in _CODECS:
        raise KeyError(f"unknown codec {name!r}; choose from {sorted(_CODECS)}")
    if name not in _loaded:
        mod_name, c_attr, d_attr, _suffix, kwargs = _CODECS[name]
        mod = importlib.import_module(mod_name)
        comp, decomp = getattr(mod, c_attr), getattr(mod, d_attr)
        _loaded[name] = (lambda data, _c=comp, _k=kwargs: _c(data, **_k), decomp)
    return _loaded[name]


def cache_key(path: Path) -> str:
    st = path.stat()
    # MD5 is fine here: it only names entries in a local skip-cache.
    return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def recompress(path: Path, target: str, keep: bool, seen: set) -> bool:
    src_codec = _SUFFIX_TO_CODEC.get(path.suffix)
    if src_codec is None or src_codec == target:
        return False
    key = cache_key(path)
    if key in seen:
        return False
    _, decompress = codec_funcs(src_codec)
    compress, _ = codec_funcs(target)
    raw = decompress(path.read_bytes())
    out = path.with_suffix(_CODECS[target][3])
    out.write_bytes(compress(raw))
    ratio = out.stat().st_size / max(path.stat().st_size, 1)
    log.info("%s -> %s (%.0f%% of original)", path.name, out.name, ratio * 100)
    if not keep:
        path.unlink()
    seen.add(key)
    return True


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("directory", nargs="?", default="logs/archive")
    p.add_argument("--to", default="xz", choices=sorted(_CODECS))
    p.add_argument("--keep", action="store_true", help="keep the source files")
    p.add_argument("--cache", default=".recompress-cache")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path(args.directory)
    if root.is_absolute() or ".." in root.parts:
        p.error("directory must be inside the working tree")
    cache = Path(args.cache)
    seen = set(cache.read_text().split()) if cache.exists() else set()
    changed = 0
    for dirpath, _dirs, files in os.walk(root):
        for fname in sorted(files):
            try:
                changed += recompress(Path(dirpath, fname), args.to, args.keep, seen)
            except (OSError, ValueError, ImportError) as exc:
                log.warning("skip %s: %s", fname, exc)
    cache.write_text("\n".join(sorted(seen)))
    log.info("%d file(s) recompressed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Turn exploratory notebooks into importable scripts for the batch pipeline.

Unlike `jupyter nbconvert --to script`, this drops IPython magics and shell
escapes, skips cells tagged `skip-export`, and collapses display-only cells
(a bare expression at the end of a cell) so the result runs under plain
python on the cluster.  Unchanged notebooks are skipped using a content hash.

    notebook_to_script.py notebooks/*.ipynb -o pipeline/steps
"""
import argparse
import hashlib
import json
import logging
import re
import sys
from pathlib import Path

log = logging.getLogger("nb2py")

CACHE_FILE = Path(".nb2py_cache.json")
MAGIC_RE = re.compile(r"^\s*(%|!)")
DISPLAY_RE = re.compile(r"^[A-Za-z_][\w\.\[\]'\"]*(\(\))?\s*$")
HEADER = '"""Exported from {src} -- edit the notebook, not this file."""\n'


def load_cache():
    if CACHE_FILE.exists():
        try:
            return json.loads(CACHE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("cache file corrupt, rebuilding")
    return {}


def save_cache(cache):
    CACHE_FILE.write_text(json.dumps(cache, indent=1, sort_keys=True))


def cache_key(raw: bytes, options: dict) -> str:
    h = hashlib.md5(raw)
    h.update(json.dumps(options, sort_keys=True).encode())
    return h.hexdigest()


def iter_code_cells(nb):
    for idx, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        if "skip-export" in tags:
            log.debug("cell %d tagged skip-export", idx)
            continue
        src = cell.get("source", "")
        yield idx, "".join(src) if isinstance(src, list) else src


def clean_cell(source: str, keep_display: bool) -> str:
    lines = [ln for ln in source.splitlines() if not MAGIC_RE.match(ln)]
    while lines and not lines[-1].strip():
        lines.pop()
    if lines and not keep_display and DISPLAY_RE.match(lines[-1]) and not lines[-1].startswith(("return", "pass")):
        lines.pop()
    return "\n".join(lines)


def convert(nb_path: Path, keep_display: bool) -> str:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    kernel = nb.get("metadata", {}).get("kernelspec", {}).get("language", "python")
    if kernel != "python":
        raise ValueError(f"kernel language is {kernel!r}, not python")
    chunks = [HEADER.format(src=nb_path.as_posix())]
    for idx, src in iter_code_cells(nb):
        body = clean_cell(src, keep_display)
        if body.strip():
            chunks.append(f"# --- cell {idx} ---\n{body}\n")
    return "\n".join(chunks)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="+", type=Path)
    ap.add_argument("-o", "--out-dir", type=Path, default=Path("scripts"))
    ap.add_argument("--keep-display", action="store_true", help="keep trailing display expressions")
    ap.add_argument("--force", action="store_true", help="ignore the cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    args.out_dir.mkdir(parents=True, exist_ok=True)
    cache = {} if args.force else load_cache()
    options = {"keep_display": args.keep_display}
    written = skipped = failed = 0

    for nb_path in args.notebooks:
        if nb_path.suffix != ".ipynb" or ".ipynb_checkpoints" in nb_path.parts:
            continue
        try:
            raw = nb_path.read_bytes()
        except OSError as exc:
            log.error("%s: %s", nb_path, exc)
            failed += 1
            continue
        key = cache_key(raw, options)
        target = args.out_dir / (re.sub(r"[^\w]+", "_", nb_path.stem).strip("_").lower() + ".py")
        if cache.get(str(nb_path)) == key and target.exists():
            skipped += 1
            continue
        try:
            target.write_text(convert(nb_path, args.keep_display), encoding="utf-8")
        except (ValueError, json.JSONDecodeError, OSError) as exc:
            log.error("%s: %s", nb_path, exc)
            failed += 1
            continue
        cache[str(nb_path)] = key
        written += 1
        log.info("%s -> %s", nb_path, target)

    save_cache(cache)
    log.info("%d written, %d unchanged, %d failed", written, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

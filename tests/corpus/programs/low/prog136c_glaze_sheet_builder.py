#!/usr/bin/env python3
"""Glaze sheet builder.

Renders printable glaze recipe sheets (plain HTML) from the JSON recipe
files in ./recipes into ./build. Rendered pages are cached by a hash of
their source so only changed recipes are rebuilt. `--clean` removes the
build and cache folders this tool creates.
"""
import argparse
import hashlib
import html
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("sheet-builder")

SRC_DIR = Path("recipes")
BUILD_DIR = Path("build")
CACHE_DIR = Path(".sheet_cache")


def cache_key(raw: bytes) -> str:
    # only used to detect changed inputs
    return hashlib.md5(raw).hexdigest()


def render(recipe: dict) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(m)}</td><td>{p:.1f}</td></tr>"
        for m, p in recipe.get("lines", {}).items()
    )
    return (
        f"<html><head><meta charset='utf-8'><title>{html.escape(recipe['name'])}</title></head>"
        f"<body><h1>{html.escape(recipe['name'])}</h1>"
        f"<p>Cone {html.escape(str(recipe.get('cone', '?')))} - "
        f"{html.escape(recipe.get('surface', ''))}</p>"
        f"<table><tr><th>Material</th><th>Parts</th></tr>{rows}</table></body></html>"
    )


def atomic_write(path: Path, text: str):
    """Write via a temp file in the same folder, then rename into place."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".html")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def build(force=False):
    BUILD_DIR.mkdir(exist_ok=True)
    CACHE_DIR.mkdir(exist_ok=True)
    built = skipped = 0
    for src in sorted(SRC_DIR.glob("*.json")):
        raw = src.read_bytes()
        key = cache_key(raw)
        marker = CACHE_DIR / f"{src.stem}.{key}"
        out = BUILD_DIR / f"{src.stem}.html"
        if marker.exists() and out.exists() and not force:
            skipped += 1
            continue
        try:
            recipe = json.loads(raw)
        except ValueError as exc:
            log.warning("skipping %s: %s", src.name, exc)
            continue
        atomic_write(out, render(recipe))
        for old in CACHE_DIR.glob(f"{src.stem}.*"):
            old.unlink()
        marker.touch()
        built += 1
    log.info("built %d sheet(s), %d unchanged", built, skipped)


def clean():
    for folder in (BUILD_DIR, CACHE_DIR):
        if folder.is_dir():
            shutil.rmtree(folder)
            log.info("removed %s/", folder)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build printable glaze sheets")
    ap.add_argument("--clean", action="store_true", help="remove build output and cache")
    ap.add_argument("--force", action="store_true", help="rebuild everything")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        clean()
        return 0
    if not SRC_DIR.is_dir():
        log.error("no %s/ folder here", SRC_DIR)
        return 1
    build(force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())

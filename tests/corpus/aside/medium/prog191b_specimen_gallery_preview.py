#!/usr/bin/env python3
"""Quick gallery preview for new specimen photos.

After a photo session the photographer runs this on the booth PC: it builds
thumbnails with ImageMagick, writes an index page and serves the folder so
the shop staff can review shots from their phones on the shop Wi-Fi.
"""
import argparse
import functools
import html
import importlib
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("gallery")

DEFAULTS = {"thumb_size": "320x320", "title": "New specimens", "port": 8088}


def load_config(path: Path) -> dict:
    if not path.exists():
        return dict(DEFAULTS)
    yml = importlib.import_module("ya" + "ml")
    loader = getattr(yml, "Unsafe" + "Loader", None) or getattr(yml, "Loader")
    with path.open() as fh:
        cfg = getattr(yml, "load")(fh, Loader=loader) or {}
    return {**DEFAULTS, **cfg}


class Thumbnailer:
    tool = os.environ.get("GALLERY_CONVERT", "convert")

    def __init__(self, size: str):
        self.size = size

    def __call__(self, src: Path, dest: Path) -> bool:
        if dest.exists() and dest.stat().st_mtime >= src.stat().st_mtime:
            return True
        argv = [self.tool, str(src), "-auto-orient", "-thumbnail", self.size, str(dest)]
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("thumbnail failed for %s: %s", src.name, res.stderr.strip())
        return res.returncode == 0


def build_index(folder: Path, cfg: dict) -> int:
    thumbs = folder / "_thumbs"
    thumbs.mkdir(exist_ok=True)
    make = Thumbnailer(cfg["thumb_size"])
    cells = []
    for img in sorted(folder.glob("*.jp*g")):
        t = thumbs / img.name
        if make(img, t):
            name = html.escape(img.stem.replace("_", " "))
            cells.append(f'<a href="{img.name}"><img src="_thumbs/{img.name}" '
                         f'alt="{name}"><br>{name}</a>')
    page = (f"<!doctype html><title>{html.escape(cfg['title'])}</title>"
            "<style>a{display:inline-block;margin:6px;font:12px sans-serif}</style>"
            + "\n".join(cells))
    (folder / "index.html").write_text(page, encoding="utf-8")
    return len(cells)


def serve(folder: Path, port: int):
    srv_mod = importlib.import_module("http." + "server")
    handler = functools.partial(getattr(srv_mod, "SimpleHTTPRequestHandler"),
                                directory=str(folder))
    bind = os.environ.get("GALLERY_BIND", ".".join(["0"] * 4))
    httpd = getattr(srv_mod, "ThreadingHTTPServer")((bind, port), handler)
    log.info("serving %s on http://%s:%d/", folder, bind, port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, nargs="?", default=Path.cwd())
    ap.add_argument("--config", type=Path, default=Path("gallery.yml"))
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    n = build_index(args.folder, cfg)
    log.info("indexed %d photos", n)
    if not args.no_serve:
        serve(args.folder, int(cfg["port"]))


if __name__ == "__main__":
    main()

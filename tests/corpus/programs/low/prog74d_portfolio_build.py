#!/usr/bin/env python3
"""Static portfolio site generator.

Reads portfolio.toml, walks albums/<album>/ for JPEGs, writes resized web
images and thumbnails and renders templates/ with Jinja2 into _site/.

portfolio.toml:
    title = "Mara Lind Photography"
    base_url = "https://maralind.photo"
    [sizes]
    full = 2048
    thumb = 480
    [[album]]
    slug = "coastlines"
    title = "Coastlines"
"""
import argparse
import logging
import shutil
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from PIL import Image, ImageOps

log = logging.getLogger("portfolio")
OUT = Path("_site")


@dataclass
class Photo:
    src: Path
    stem: str
    width: int = 0
    height: int = 0
    caption: str = ""


@dataclass
class Album:
    slug: str
    title: str
    photos: list = field(default_factory=list)


def load_site(config_path):
    with open(config_path, "rb") as fh:
        cfg = tomllib.load(fh)
    cfg.setdefault("sizes", {}).setdefault("full", 2048)
    cfg["sizes"].setdefault("thumb", 480)
    return cfg


def collect(cfg, src_root):
    albums = []
    for entry in cfg.get("album", []):
        folder = src_root / entry["slug"]
        if not folder.is_dir():
            log.warning("album folder %s missing", folder)
            continue
        captions = {}
        cap_file = folder / "captions.txt"
        if cap_file.exists():
            for line in cap_file.read_text(encoding="utf-8").splitlines():
                name, _, text = line.partition("|")
                captions[name.strip()] = text.strip()
        album = Album(entry["slug"], entry.get("title", entry["slug"]))
        for jpg in sorted(folder.glob("*.jp*g")):
            album.photos.append(Photo(jpg, jpg.stem, caption=captions.get(jpg.name, "")))
        albums.append(album)
        log.info("album %s: %d photos", album.slug, len(album.photos))
    return albums


def render_image(photo, album_dir, sizes):
    with Image.open(photo.src) as im:
        im = ImageOps.exif_transpose(im).convert("RGB")
        full = im.copy()
        full.thumbnail((sizes["full"], sizes["full"]), Image.LANCZOS)
        full.save(album_dir / f"{photo.stem}.jpg", quality=86, optimize=True, progressive=True)
        photo.width, photo.height = full.size
        thumb = ImageOps.fit(im, (sizes["thumb"], sizes["thumb"]), Image.LANCZOS)
        thumb.save(album_dir / f"{photo.stem}_t.jpg", quality=80, optimize=True)


def build(cfg, albums, templates):
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir()
    env = Environment(loader=FileSystemLoader(templates), autoescape=select_autoescape(["html"]))
    ctx = {"site": cfg, "albums": albums, "year": date.today().year}
    with ThreadPoolExecutor(max_workers=4) as pool:
        jobs = []
        for album in albums:
            album_dir = OUT / album.slug
            album_dir.mkdir()
            jobs += [pool.submit(render_image, p, album_dir, cfg["sizes"]) for p in album.photos]
        for job in jobs:
            job.result()
    (OUT / "index.html").write_text(env.get_template("index.html").render(**ctx), encoding="utf-8")
    for album in albums:
        html = env.get_template("album.html").render(album=album, **ctx)
        (OUT / album.slug / "index.html").write_text(html, encoding="utf-8")
    static = Path(templates) / "static"
    if static.is_dir():
        shutil.copytree(static, OUT / "static")
    return OUT


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the portfolio site into _site/")
    ap.add_argument("--config", default="portfolio.toml")
    ap.add_argument("--albums", type=Path, default=Path("albums"))
    ap.add_argument("--templates", default="templates")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        cfg = load_site(args.config)
        albums = collect(cfg, args.albums)
        out = build(cfg, albums, args.templates)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("build failed: %s", exc)
        return 1
    log.info("site written to %s (%d albums)", out, len(albums))
    return 0


if __name__ == "__main__":
    sys.exit(main())

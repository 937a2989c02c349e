#!/usr/bin/env python3
"""Build a single-file HTML gallery of the studio portfolio.

Walks ./portfolio, embeds each image as a base64 data URI so the page can
be emailed or put on a USB stick for conventions, and writes it atomically
via a temporary file in the output folder. Old build output is removed
first so deleted designs do not linger.
"""
import argparse
import base64
import html
import logging
import mimetypes
import os
import shutil
import tempfile
from pathlib import Path

log = logging.getLogger("gallery")

IMAGE_EXTS = {".png", ".jpg", ".jpeg", ".webp", ".gif"}
BUILD_DIR = Path("build/gallery")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#111;color:#eee}}
.grid{{display:flex;flex-wrap:wrap;gap:12px}}figure{{width:260px;margin:0}}
img{{width:100%;border-radius:4px}}</style></head>
<body><h1>{title}</h1><div class="grid">
{items}
</div><footer>{footer}</footer></body></html>
"""


def cpu_count_hint():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            return sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        return os.cpu_count() or 1


def find_images(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in IMAGE_EXTS:
                yield p


def figure_for(path: Path, root: Path, max_bytes: int):
    size = path.stat().st_size
    if size > max_bytes:
        log.warning("skipping %s (%d KB, too large)", path, size // 1024)
        return None
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    caption = html.escape(str(path.relative_to(root).with_suffix("")))
    return (f'<figure><img alt="{caption}" src="data:{mime};base64,{data}">'
            f"<figcaption>{caption}</figcaption></figure>")


def clean_build(build_dir: Path):
    if build_dir.exists():
        shutil.rmtree(build_dir)
        log.info("removed old build output %s", build_dir)
    build_dir.mkdir(parents=True)


def write_atomic(target: Path, text: str):
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description="Build a portable portfolio gallery")
    ap.add_argument("--src", default="portfolio")
    ap.add_argument("--title", default="Black Lotus Tattoo - Portfolio")
    ap.add_argument("--max-kb", type=int, default=2048)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.src)
    if not root.is_dir():
        log.error("portfolio folder %s not found", root)
        return 1

    clean_build(BUILD_DIR)
    items = []
    for img in find_images(root):
        try:
            fig = figure_for(img, root, args.max_kb * 1024)
        except OSError as exc:
            log.error("cannot read %s: %s", img, exc)
            continue
        if fig:
            items.append(fig)

    footer = f"{len(items)} designs - built on a {cpu_count_hint()}-core machine"
    page = PAGE.format(title=html.escape(args.title), items="\n".join(items), footer=footer)
    out = BUILD_DIR / "index.html"
    write_atomic(out, page)
    log.info("gallery written to %s (%d images)", out, len(items))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

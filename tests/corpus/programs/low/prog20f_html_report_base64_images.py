#!/usr/bin/env python3
"""Build a self-contained HTML report from a folder of chart images.

Each image is base64-encoded into a data: URI so the report is a single
file that can be e-mailed or archived.  The base64 data is only embedded
in HTML for display; it is never decoded or executed.
"""
import argparse
import base64
import html
import logging
import mimetypes
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("htmlreport")

IMAGE_EXTS = {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"}
PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; }}
figure {{ display: inline-block; margin: 1em; max-width: 45%; }}
img {{ max-width: 100%; border: 1px solid #ccc; }}
</style></head>
<body><h1>{title}</h1><p>Generated {when}, {count} images.</p>
{figures}
</body></html>
"""


def find_images(folder: Path) -> list:
    if not folder.is_dir():
        raise NotADirectoryError(f"{folder} is not a directory")
    images = sorted(p for p in folder.iterdir()
                    if p.is_file() and p.suffix.lower() in IMAGE_EXTS)
    log.info("found %d images in %s", len(images), folder)
    return images


def to_data_uri(path: Path, max_bytes: int) -> str:
    data = path.read_bytes()
    if len(data) > max_bytes:
        raise ValueError(f"{path.name} is larger than {max_bytes} bytes")
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    encoded = base64.b64encode(data).decode("ascii")
    return f"data:{mime};base64,{encoded}"


def figure_html(path: Path, uri: str) -> str:
    caption = html.escape(path.stem.replace("_", " "))
    return (f'<figure><img src="{uri}" alt="{caption}">'
            f"<figcaption>{caption}</figcaption></figure>")


def build_report(images: list, title: str, max_bytes: int) -> str:
    figures = []
    for img in images:
        try:
            figures.append(figure_html(img, to_data_uri(img, max_bytes)))
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", img.name, exc)
    return PAGE.format(title=html.escape(title),
                       when=datetime.now().strftime("%Y-%m-%d %H:%M"),
                       count=len(figures),
                       figures="\n".join(figures))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Embed images into one HTML report")
    ap.add_argument("folder", type=Path, help="folder containing images")
    ap.add_argument("-o", "--output", default="report.html",
                    help="output file name in the working directory")
    ap.add_argument("--title", default="Chart report")
    ap.add_argument("--max-mb", type=float, default=5.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    out = Path.cwd() / Path(args.output).name
    try:
        images = find_images(args.folder)
        if not images:
            log.error("no images found in %s", args.folder)
            return 1
        page = build_report(images, args.title, int(args.max_mb * 1024 * 1024))
        out.write_text(page, encoding="utf-8")
    except OSError as exc:
        log.error("%s", exc)
        return 1
    print(f"wrote {out.name} ({out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Generate thumbnails for every image in ./pictures with ImageMagick, build
an index.html gallery, and serve it so it can be viewed from a phone on the
same network.
"""
import argparse
import functools
import html
import http.server
import shutil
import socketserver
import subprocess
import sys
from pathlib import Path

IMAGE_EXTS = {".jpg", ".jpeg", ".png", ".gif", ".webp", ".tif", ".tiff"}


def make_thumbnail(src: Path, dst: Path, size: int) -> bool:
    if dst.exists() and dst.stat().st_mtime >= src.stat().st_mtime:
        return True
    cmd = ["convert", str(src), "-auto-orient", "-thumbnail", f"{size}x{size}^",
           "-gravity", "center", "-extent", f"{size}x{size}", "-quality", "82", str(dst)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        print(f"  failed {src.name}: {result.stderr.strip()}", file=sys.stderr)
        return False
    return True


def build_gallery(src_dir: Path, size: int) -> Path:
    thumbs = src_dir / "thumbs"
    thumbs.mkdir(exist_ok=True)
    images = sorted(p for p in src_dir.iterdir() if p.suffix.lower() in IMAGE_EXTS)
    cards = []
    for img in images:
        thumb = thumbs / (img.stem + ".jpg")
        if make_thumbnail(img, thumb, size):
            name = html.escape(img.name)
            cards.append(
                f'<a href="{name}"><img src="thumbs/{html.escape(thumb.name)}" '
                f'alt="{name}" loading="lazy"></a>')
            print(f"  {img.name}")
    page = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>Gallery</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font-family: sans-serif; background: #111; color: #eee; margin: 1rem; }}
.grid {{ display: grid; grid-template-columns: repeat(auto-fill, minmax({size}px, 1fr)); gap: 6px; }}
img {{ width: 100%; border-radius: 4px; }}
</style></head>
<body><h1>{len(cards)} pictures</h1><div class="grid">
{chr(10).join(cards)}
</div></body></html>
"""
    index = src_dir / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def serve(directory: Path, port: int) -> None:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(directory))
    with socketserver.TCPServer(("0.0.0.0", port), handler) as httpd:
        print(f"Serving {directory} on http://0.0.0.0:{port}/ (Ctrl+C to stop)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default="pictures", type=Path)
    parser.add_argument("--size", type=int, default=240)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args()

    if shutil.which("convert") is None:
        print("ImageMagick 'convert' not found in PATH", file=sys.stderr)
        return 1
    if not args.folder.is_dir():
        print(f"no such folder: {args.folder}", file=sys.stderr)
        return 1

    print("Generating thumbnails...")
    index = build_gallery(args.folder, args.size)
    print(f"Gallery written to {index}")
    if not args.no_serve:
        serve(args.folder, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())

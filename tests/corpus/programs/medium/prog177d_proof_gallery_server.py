#!/usr/bin/env python3
"""Quick proof gallery for couples visiting the studio.

Builds a simple index page for a proofs folder and serves it on the
studio Wi-Fi so couples can browse on the lounge iPad.
"""
import argparse
import functools
import html
import logging
import os
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("proof-gallery")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: Georgia, serif; background: #faf7f2; margin: 2em; }}
.grid {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 12px; }}
.grid img {{ width: 100%; border-radius: 4px; }}
.grid p {{ font-size: 0.8em; color: #555; text-align: center; }}
</style></head>
<body><h1>{title}</h1><div class="grid">
{items}
</div></body></html>
"""


def build_index(folder: Path, title: str) -> int:
    images = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    items = "\n".join(
        f'<div><a href="{html.escape(p.name)}"><img src="{html.escape(p.name)}" loading="lazy"></a>'
        f'<p>{html.escape(p.stem)}</p></div>'
        for p in images
    )
    (folder / "index.html").write_text(PAGE.format(title=html.escape(title), items=items), encoding="utf-8")
    return len(images)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve a proof gallery on the studio network")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--title", default=None)
    parser.add_argument("--port", type=int, default=int(os.environ.get("GALLERY_PORT", "8000")))
    parser.add_argument("--bind", default="0.0.0.0")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.folder.resolve()
    if not folder.is_dir():
        parser.error(f"{folder} is not a directory")
    title = args.title or folder.name.replace("_", " ").title()
    count = build_index(folder, title)
    log.info("indexed %d proofs in %s", count, folder)

    handler = functools.partial(QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("gallery at http://%s:%d/ (Ctrl+C to stop)", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

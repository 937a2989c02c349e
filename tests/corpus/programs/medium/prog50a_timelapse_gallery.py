#!/usr/bin/env python3
"""Build and serve a browsable gallery of print timelapses.

Scans a timelapse folder for .mp4/.gif renders and their thumbnail .jpg
files, writes an index.html, and serves the folder so phones on the
workshop network can watch the clips.
"""
import argparse
import functools
import html
import logging
import os
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("timelapse_gallery")
VIDEO_EXT = (".mp4", ".webm", ".gif")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#222;color:#eee}}
.card{{display:inline-block;margin:8px;width:320px}}
img,video{{width:100%}}</style></head>
<body><h1>{title}</h1>{cards}</body></html>
"""


class Clip:
    def __init__(self, path: Path):
        self.path = path
        self.stat = path.stat()
        thumb = path.with_suffix(".jpg")
        self.thumb = thumb.name if thumb.exists() else None

    @property
    def label(self):
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.stat.st_mtime))
        return f"{self.path.stem} ({self.stat.st_size / 1e6:.1f} MB, {stamp})"

    def card(self):
        name = html.escape(self.path.name)
        poster = f' poster="{html.escape(self.thumb)}"' if self.thumb else ""
        return (f'<div class="card"><video controls preload="none" src="{name}"{poster}>'
                f'</video><div>{html.escape(self.label)}</div></div>')


def collect(folder: Path, newest_first=True):
    clips = [Clip(p) for p in folder.iterdir() if p.suffix.lower() in VIDEO_EXT]
    clips.sort(key=lambda c: c.stat.st_mtime, reverse=newest_first)
    return clips


def write_index(folder: Path, title: str) -> int:
    clips = collect(folder)
    body = "\n".join(c.card() for c in clips) or "<p>No timelapses yet.</p>"
    (folder / "index.html").write_text(PAGE.format(title=html.escape(title), cards=body),
                                       encoding="utf-8")
    return len(clips)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?",
                    default=os.environ.get("TIMELAPSE_DIR", "./timelapse"))
    ap.add_argument("--title", default="Workshop timelapses")
    ap.add_argument("--port", type=int, default=8081)
    ap.add_argument("--listen", default="0.0.0.0",
                    help="address to bind (all interfaces by default)")
    ap.add_argument("--index-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.folder).resolve()
    if not folder.is_dir():
        log.error("no such folder: %s", folder)
        return 1
    count = write_index(folder, args.title)
    log.info("indexed %d clip(s) in %s", count, folder)
    if args.index_only:
        return 0

    handler = functools.partial(QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer((args.listen, args.port), handler)
    log.info("serving %s on http://%s:%d/", folder, args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

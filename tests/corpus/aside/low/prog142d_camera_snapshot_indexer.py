#!/usr/bin/env python3
"""Build an HTML contact sheet of net pen camera snapshots.

Scans ./snapshots/<pen>/*.jpg, picks the newest few per pen, embeds them
as base64 data URIs in a single self-contained HTML page (so it can be
mailed or opened offline on the barge), and notes which host built it.
"""
import argparse
import base64
import html
import logging
import os
import shutil
import tempfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("snapindex")

CACHE_DIR = Path(".snapindex_cache")


def host_description():
    """Pretty name of the OS, for the page footer."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown host"


class PenGallery:
    def __init__(self, pen_dir, per_pen):
        self.pen = pen_dir.name
        shots = sorted(pen_dir.glob("*.jpg"), key=lambda p: p.stat().st_mtime, reverse=True)
        self.shots = shots[:per_pen]

    def to_html(self):
        cells = []
        for shot in self.shots:
            data = base64.b64encode(shot.read_bytes()).decode("ascii")
            taken = datetime.fromtimestamp(shot.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            cells.append(
                f'<figure><img src="data:image/jpeg;base64,{data}" width="320">'
                f"<figcaption>{html.escape(shot.name)} &middot; {taken}</figcaption></figure>"
            )
        return f"<section><h2>{html.escape(self.pen)}</h2>{''.join(cells)}</section>"


def build_page(galleries):
    body = "\n".join(g.to_html() for g in galleries)
    footer = f"Built {datetime.now():%Y-%m-%d %H:%M} on {html.escape(host_description())}"
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Pen snapshots</title>"
        "<style>figure{display:inline-block;margin:4px}</style></head>"
        f"<body><h1>Net pen snapshots</h1>{body}<footer>{footer}</footer></body></html>"
    )


def write_atomically(path, text):
    """Write to a private temp file next to the target, then swap it in."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".snapindex-", suffix=".html", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--snapshots", default="snapshots")
    ap.add_argument("--per-pen", type=int, default=6)
    ap.add_argument("--out", default="pen_snapshots.html")
    ap.add_argument("--clean", action="store_true", help="drop the local cache first")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    if args.clean and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("removed %s", CACHE_DIR)
    CACHE_DIR.mkdir(exist_ok=True)

    root = Path(args.snapshots)
    if not root.is_dir():
        log.error("no snapshot folder %s", root)
        return 2
    galleries = [PenGallery(d, args.per_pen) for d in sorted(root.iterdir()) if d.is_dir()]
    galleries = [g for g in galleries if g.shots]
    if not galleries:
        log.warning("no snapshots found")
        return 1

    write_atomically(args.out, build_page(galleries))
    (CACHE_DIR / "last_run.txt").write_text(datetime.now().isoformat())
    log.info("wrote %s with %d pens", args.out, len(galleries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Render a Markdown note to a single self-contained HTML file.

Local images referenced from the note are embedded as base64 data URIs so
the result can be mailed as one attachment.  Only files inside the note's
folder are inlined; remote images are left as links.
"""
import argparse
import base64
import html
import logging
import mimetypes
import re
import sys
from pathlib import Path

import markdown

IMG_RE = re.compile(r'(<img\b[^>]*?\bsrc=")([^"]+)(")', re.IGNORECASE)
MAX_INLINE_BYTES = 2 * 1024 * 1024
TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:system-ui;max-width:46rem;margin:2rem auto}}
img{{max-width:100%}}</style></head>
<body>
{body}
</body></html>
"""

log = logging.getLogger("inliner")


class ImageInliner:
    def __init__(self, base_dir: Path, max_bytes: int = MAX_INLINE_BYTES):
        self.base_dir = base_dir.resolve()
        self.max_bytes = max_bytes
        self.inlined = 0
        self.skipped = []

    def _data_uri(self, path: Path) -> str:
        mime, _ = mimetypes.guess_type(path.name)
        encoded = base64.b64encode(path.read_bytes()).decode("ascii")
        return f"data:{mime or 'application/octet-stream'};base64,{encoded}"

    def _replace(self, match: re.Match) -> str:
        src = html.unescape(match.group(2))
        if re.match(r"^(https?:|data:)", src):
            return match.group(0)
        candidate = (self.base_dir / src).resolve()
        if self.base_dir not in candidate.parents or not candidate.is_file():
            self.skipped.append(src)
            return match.group(0)
        if candidate.stat().st_size > self.max_bytes:
            log.warning("%s is larger than %d bytes, keeping link", src, self.max_bytes)
            self.skipped.append(src)
            return match.group(0)
        self.inlined += 1
        return match.group(1) + self._data_uri(candidate) + match.group(3)

    def process(self, body_html: str) -> str:
        return IMG_RE.sub(self._replace, body_html)


def render(note: Path) -> str:
    text = note.read_text(encoding="utf-8")
    body = markdown.markdown(text, extensions=["tables", "fenced_code"])
    inliner = ImageInliner(note.parent)
    body = inliner.process(body)
    log.info("inlined %d image(s), skipped %d", inliner.inlined, len(inliner.skipped))
    for src in inliner.skipped:
        log.debug("  skipped %s", src)
    title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("#")),
                 note.stem)
    return TEMPLATE.format(title=html.escape(title), body=body)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("note", type=Path, help="Markdown file to render")
    ap.add_argument("-o", "--output", type=Path,
                    help="output HTML (default: <note>.html next to the note)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    if not args.note.is_file():
        log.error("no such file: %s", args.note)
        return 1
    out = args.output or args.note.with_suffix(".html")
    out.write_text(render(args.note), encoding="utf-8")
    log.info("wrote %s (%.1f KiB)", out, out.stat().st_size / 1024)
    return 0


if __name__ == "__main__":
    sys.exit(main())

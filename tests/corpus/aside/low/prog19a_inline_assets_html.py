#!/usr/bin/env python3
"""Inline images and stylesheets into a standalone HTML report.

Replaces <img src="local.png"> and <link rel="stylesheet" href="x.css">
references with base64 data URIs / inline <style> blocks so the report can
be mailed as a single file. The encoded data is only embedded, never run.
"""
import argparse
import base64
import logging
import mimetypes
import re
import sys
from pathlib import Path

log = logging.getLogger("inline")

IMG_RE = re.compile(r'(<img\b[^>]*?\bsrc=")([^"]+)(")', re.IGNORECASE)
CSS_RE = re.compile(r'<link\b[^>]*?rel="stylesheet"[^>]*?href="([^"]+)"[^>]*>', re.IGNORECASE)
MAX_BYTES = 5 * 1024 * 1024


class Inliner:
    def __init__(self, base_dir):
        self.base_dir = base_dir
        self.inlined = 0

    def _local(self, ref):
        if re.match(r"^[a-z]+:", ref, re.IGNORECASE):
            return None  # remote or already a data URI
        path = (self.base_dir / ref).resolve()
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            log.warning("skipping %s", ref)
            return None
        return path

    def data_uri(self, match):
        path = self._local(match.group(2))
        if path is None:
            return match.group(0)
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        encoded = base64.b64encode(path.read_bytes()).decode("ascii")
        self.inlined += 1
        return "{}data:{};base64,{}{}".format(match.group(1), mime, encoded, match.group(3))

    def style_block(self, match):
        path = self._local(match.group(1))
        if path is None:
            return match.group(0)
        self.inlined += 1
        return "<style>\n{}\n</style>".format(path.read_text(encoding="utf-8"))

    def process(self, html):
        html = CSS_RE.sub(self.style_block, html)
        return IMG_RE.sub(self.data_uri, html)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("-o", "--output", type=Path)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        html = args.source.read_text(encoding="utf-8")
    except OSError as exc:
        log.error("cannot read %s: %s", args.source, exc)
        return 1
    inliner = Inliner(args.source.parent)
    result = inliner.process(html)
    output = args.output or args.source.with_name(args.source.stem + ".standalone.html")
    output.write_text(result, encoding="utf-8")
    log.info("inlined %d assets into %s", inliner.inlined, output)
    return 0


if __name__ == "__main__":
    sys.exit(main())

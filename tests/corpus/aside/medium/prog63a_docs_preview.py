#!/usr/bin/env python3
"""Render ./docs/*.md into ./_preview and serve it so the team can review.

Markdown is converted with the `markdown` package, wrapped in a Jinja2 page
template and served with the stdlib HTTP server so colleagues on the office
network can open it from their laptops.
"""
import argparse
import functools
import http.server
import logging
import socketserver
import subprocess
from pathlib import Path

import jinja2
import markdown

log = logging.getLogger("preview")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ title }}</title></head>
<body>
<nav>{% for p in pages %}<a href="{{ p.href }}">{{ p.title }}</a> {% endfor %}</nav>
<main>{{ body }}</main>
<footer>Built from {{ revision }} by {{ author }}</footer>
</body></html>
"""


def git_info():
    try:
        rev = subprocess.check_output(["git", "rev-parse", "--short", "HEAD"], text=True).strip()
        author = subprocess.check_output(["git", "log", "-1", "--format=%an"], text=True).strip()
    except (OSError, subprocess.CalledProcessError):
        rev, author = "working tree", "unknown"
    return rev, author


def title_of(md_path):
    for line in md_path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return md_path.stem.replace("_", " ").title()


def build(src, out):
    env = jinja2.Environment(loader=jinja2.DictLoader({"page.html": PAGE}), autoescape=False)
    template = env.get_template("page.html")
    rev, author = git_info()
    sources = sorted(src.glob("*.md"))
    pages = [{"href": p.stem + ".html", "title": title_of(p)} for p in sources]
    out.mkdir(exist_ok=True)
    for md_path, meta in zip(sources, pages):
        body = markdown.markdown(md_path.read_text(encoding="utf-8"), extensions=["tables", "fenced_code"])
        html = template.render(title=meta["title"], pages=pages, body=body,
                               revision=rev, author=author)
        (out / meta["href"]).write_text(html, encoding="utf-8")
        log.info("rendered %s", meta["href"])
    if pages:
        (out / "index.html").write_text((out / pages[0]["href"]).read_text(encoding="utf-8"),
                                        encoding="utf-8")
    return len(pages)


def serve(directory, port):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(directory))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer(("0.0.0.0", port), handler) as httpd:
        log.info("serving %s on port %d (Ctrl-C to stop)", directory, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", type=Path, default=Path("docs"))
    ap.add_argument("--out", type=Path, default=Path("_preview"))
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    count = build(args.src, args.out)
    log.info("%d pages built into %s", count, args.out)
    if count and not args.no_serve:
        serve(args.out, args.port)


if __name__ == "__main__":
    main()

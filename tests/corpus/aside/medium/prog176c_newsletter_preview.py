#!/usr/bin/env python3
"""Newsletter preview for the allotment society's monthly 'Dig In' bulletin.

Renders the draft from news_items.json with Jinja2 and serves the
preview folder so committee members on the hut Wi-Fi can look at it.
"""
import argparse
import functools
import http.server
import json
import logging
import os
import socketserver
from dataclasses import dataclass
from pathlib import Path

import jinja2

log = logging.getLogger("newsletter")

TEMPLATE = """<!doctype html>
<html><head><title>{{ title }}</title></head>
<body>
<h1>{{ title }}</h1>
{% for item in items %}
<section><h2>{{ item.heading }}</h2>
<p class="by">from {{ item.author }}</p>
<div>{{ item.body }}</div></section>
{% endfor %}
<footer>{{ footer }}</footer>
</body></html>
"""


@dataclass
class Preview:
    out_dir: Path
    bind: str = os.environ.get("PREVIEW_BIND", "0.0.0.0")
    port: int = int(os.environ.get("PREVIEW_PORT", "8080"))


def make_env() -> jinja2.Environment:
    opts = {"autoescape": False, "trim_blocks": True}
    return jinja2.Environment(loader=jinja2.DictLoader({"news.html": TEMPLATE}), **opts)


def render(items_path: Path, out_dir: Path, title: str) -> Path:
    items = json.loads(items_path.read_text(encoding="utf-8"))
    env = make_env()
    html = env.get_template("news.html").render(
        title=title,
        items=items,
        footer="Hillside Allotment Society - members only",
    )
    out_dir.mkdir(exist_ok=True)
    target = out_dir / "index.html"
    target.write_text(html, encoding="utf-8")
    log.info("rendered %d items to %s", len(items), target)
    return target


def serve(p: Preview) -> None:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(p.out_dir))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer((p.bind, p.port), handler) as httpd:
        log.info("preview on http://%s:%d/ (Ctrl-C to stop)", p.bind, p.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


COMMANDS = {
    "render": lambda a, p: render(a.items, p.out_dir, a.title),
    "serve": lambda a, p: serve(p),
    "both": lambda a, p: (render(a.items, p.out_dir, a.title), serve(p)),
}


def main() -> None:
    ap = argparse.ArgumentParser(description="Preview the Dig In newsletter")
    ap.add_argument("command", choices=sorted(COMMANDS), nargs="?", default="both")
    ap.add_argument("--items", type=Path, default=Path("news_items.json"))
    ap.add_argument("--title", default="Dig In - the Hillside bulletin")
    ap.add_argument("--out", type=Path, default=Path("preview"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    COMMANDS[args.command](args, Preview(out_dir=args.out))


if __name__ == "__main__":
    main()

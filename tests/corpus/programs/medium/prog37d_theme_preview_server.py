#!/usr/bin/env python3
"""Preview a GTK/Qt theme build on other devices in the studio.

Renders an index page for the rendered widget-gallery PNGs in
./previews/<variant>/ and serves that folder so designers can open it on
tablets and HiDPI monitors attached to other machines.
"""
import argparse
import functools
import json
import logging
import os
import signal
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, BaseLoader

LOG = logging.getLogger("themepreview")
PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ theme.name }} previews</title>
<style>body{font-family:sans-serif;background:#222;color:#eee}
figure{display:inline-block;margin:8px}img{max-width:420px}</style></head>
<body><h1>{{ theme.name }} <small>{{ theme.version }}</small></h1>
<p>{{ theme.description }}</p>
{% for variant, shots in variants.items() %}
<h2>{{ variant }}</h2>
{% for shot in shots %}<figure><img src="{{ variant }}/{{ shot.file }}">
<figcaption>{{ shot.caption }}</figcaption></figure>{% endfor %}
{% endfor %}
</body></html>
"""


def load_theme_meta(root):
    meta_file = root / "theme.json"
    if meta_file.exists():
        with open(meta_file, encoding="utf-8") as fh:
            return json.load(fh)
    return {"name": root.resolve().parent.name, "version": "dev", "description": ""}


def collect_variants(root):
    variants = {}
    for variant_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        shots = []
        for png in sorted(variant_dir.glob("*.png")):
            caption_file = png.with_suffix(".txt")
            caption = caption_file.read_text().strip() if caption_file.exists() else png.stem
            shots.append({"file": png.name, "caption": caption})
        if shots:
            variants[variant_dir.name] = shots
    return variants


def render_index(root):
    templates = root / "templates"
    if (templates / "index.html.j2").exists():
        env = Environment(loader=FileSystemLoader(str(templates)), autoescape=False)
        template = env.get_template("index.html.j2")
    else:
        env = Environment(loader=BaseLoader(), autoescape=False)
        template = env.from_string(PAGE)
    html = template.render(theme=load_theme_meta(root), variants=collect_variants(root))
    (root / "index.html").write_text(html, encoding="utf-8")
    return root / "index.html"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def serve(root, host, port):
    handler = functools.partial(QuietHandler, directory=str(root))
    httpd = ThreadingHTTPServer((host, port), handler)
    LOG.info("serving %s on http://%s:%d/", root, host, port)

    def stop(_sig, _frame):
        threading.Thread(target=httpd.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path("previews"))
    ap.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=8642)
    ap.add_argument("--render-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.root.is_dir():
        LOG.error("no previews at %s; run the gallery renderer first", args.root)
        return 2
    index = render_index(args.root)
    LOG.info("wrote %s", index)
    if args.render_only:
        return 0
    serve(args.root, args.bind, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())

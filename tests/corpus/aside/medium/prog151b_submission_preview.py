#!/usr/bin/env python3
"""Unpack exhibition submissions and serve a preview wall for the jury.

Artists upload a .tar.gz per submission through the form; this unpacks them
into ./preview/<artist>/, builds an index.html contact sheet and serves the
folder so jurors can browse it from the laptops in the meeting room.
"""
import argparse
import functools
import html
import http.server
import logging
import os
import socketserver
import tarfile
from pathlib import Path

import yaml

LOG = logging.getLogger("preview")

DEFAULT_CONFIG = {
    "incoming": "incoming",
    "preview": "preview",
    "port": 8088,
    "title": "Open Print Exhibition - jury preview",
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(yaml.load(fh, Loader=yaml.Loader) or {})
    return cfg


def unpack_all(incoming, preview):
    preview.mkdir(exist_ok=True)
    done = []
    for bundle in sorted(incoming.glob("*.tar.gz")):
        artist = bundle.name[:-len(".tar.gz")]
        dest = preview / artist
        if dest.exists():
            continue
        dest.mkdir()
        try:
            with tarfile.open(bundle) as tf:
                tf.extractall(dest)
            done.append(artist)
        except tarfile.TarError as exc:
            LOG.warning("could not unpack %s: %s", bundle.name, exc)
    return done


def build_index(preview, title):
    parts = [f"<html><head><title>{html.escape(title)}</title>",
             "<style>img{max-width:280px;margin:6px}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>"]
    for artist_dir in sorted(p for p in preview.iterdir() if p.is_dir()):
        parts.append(f"<h2>{html.escape(artist_dir.name)}</h2>")
        for img in sorted(artist_dir.rglob("*.jp*g")):
            rel = img.relative_to(preview).as_posix()
            parts.append(f'<a href="{rel}"><img src="{rel}" alt=""></a>')
    parts.append("</body></html>")
    (preview / "index.html").write_text("\n".join(parts))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.debug("%s - %s", self.client_address[0], fmt % args)


def serve(preview, port):
    handler = functools.partial(QuietHandler, directory=str(preview))
    socketserver.TCPServer.allow_reuse_address = True
    # jurors connect from their own laptops on the studio wifi
    with socketserver.TCPServer(("0.0.0.0", port), handler) as httpd:
        LOG.info("preview wall on http://<this-machine>:%d/", port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopped")


def main():
    ap = argparse.ArgumentParser(description="Jury preview for exhibition submissions")
    ap.add_argument("--config", default="preview.yaml")
    ap.add_argument("--no-serve", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    incoming, preview = Path(cfg["incoming"]), Path(cfg["preview"])
    if not incoming.is_dir():
        LOG.error("no incoming folder at %s", incoming)
        return
    new = unpack_all(incoming, preview)
    LOG.info("unpacked %d new submissions", len(new))
    build_index(preview, cfg["title"])
    if not args.no_serve:
        serve(preview, int(cfg["port"]))


if __name__ == "__main__":
    main()

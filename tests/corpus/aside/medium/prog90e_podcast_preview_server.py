#!/usr/bin/env python3
"""Serve the podcast export folder so producers can preview episodes from
their own laptops on the studio Wi-Fi before the coordinator publishes.

Adds two conveniences over a bare directory listing: MP3/M4A get proper
audio MIME types (so the browser player works), and /episodes.json lists
the newest exports with durations read from the sidecar .json files.

    podcast_preview_server.py [--dir ./exports] [--port 8088]
"""

import argparse
import functools
import http.server
import json
import logging
import os
import pathlib
import socketserver
import sys
import time

LOG = logging.getLogger("preview")


class PreviewHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map)
    extensions_map.update({
        ".mp3": "audio/mpeg",
        ".m4a": "audio/mp4",
        ".opus": "audio/ogg",
        ".wav": "audio/wav",
        ".vtt": "text/vtt",
    })
    newest = 25

    def do_GET(self):
        if self.path.split("?", 1)[0] == "/episodes.json":
            return self.send_episode_index()
        return super().do_GET()

    def send_episode_index(self):
        root = pathlib.Path(self.directory)
        items = []
        audio = [p for p in root.rglob("*") if p.suffix.lower() in (".mp3", ".m4a", ".opus")]
        audio.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for p in audio[: self.newest]:
            meta = {}
            side = p.with_suffix(".json")
            if side.exists():
                try:
                    meta = json.loads(side.read_text(encoding="utf-8"))
                except ValueError:
                    pass
            items.append({
                "file": str(p.relative_to(root)),
                "title": meta.get("title", p.stem),
                "duration": meta.get("duration"),
                "exported": time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime)),
            })
        body = json.dumps(items, indent=1).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


class PreviewServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main(argv=None):
    ap = argparse.ArgumentParser(description="podcast export preview server")
    ap.add_argument("--dir", default=os.environ.get("PREVIEW_DIR", "./exports"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8088")))
    ap.add_argument("--listen", default=os.environ.get("PREVIEW_LISTEN", "0.0.0.0"),
                    help="address to listen on (default: all interfaces)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = pathlib.Path(args.dir).resolve()
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 1
    handler = functools.partial(PreviewHandler, directory=str(root))
    with PreviewServer((args.listen, args.port), handler) as httpd:
        LOG.info("previewing %s on http://%s:%d/", root, args.listen, args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())

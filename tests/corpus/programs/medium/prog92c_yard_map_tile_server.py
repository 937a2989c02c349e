#!/usr/bin/env python3
"""Serve the depot yard map tiles to the tablets in the yard.

The drone survey of each depot is cut into 256px slippy-map tiles under
./tiles/<z>/<x>/<y>.png.  Yard staff open the map on their tablets to find
machines awaiting collection; this serves the tiles plus a tiny index of
which zoom levels exist.
"""
import argparse
import functools
import json
import logging
import os
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("tileserver")


class ServerSettings:
    listen = os.environ.get("YARDMAP_LISTEN", "0.0.0.0")
    port = int(os.environ.get("YARDMAP_PORT", "8600"))
    root = Path(os.environ.get("YARDMAP_TILES", "tiles"))


def build_index(root):
    """Write tiles/index.json describing the zoom range and bounds."""
    zooms = sorted(int(p.name) for p in root.iterdir()
                   if p.is_dir() and p.name.isdigit())
    if not zooms:
        raise FileNotFoundError(f"no zoom folders under {root}")
    top = root / str(zooms[-1])
    xs = sorted(int(p.name) for p in top.iterdir() if p.name.isdigit())
    ys = sorted({int(f.stem) for x in top.iterdir() if x.is_dir()
                 for f in x.glob("*.png")})
    index = {"minzoom": zooms[0], "maxzoom": zooms[-1],
             "x": [xs[0], xs[-1]], "y": [ys[0], ys[-1]],
             "template": "/{z}/{x}/{y}.png"}
    (root / "index.json").write_text(json.dumps(index, indent=1))
    return index


class TileHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".png": "image/png", ".json": "application/json"}

    def end_headers(self):
        if self.path.endswith(".png"):
            self.send_header("Cache-Control", "public, max-age=86400")
        else:
            self.send_header("Cache-Control", "no-cache")
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def make_server(settings):
    handler = functools.partial(TileHandler, directory=str(settings.root))
    httpd = ThreadingHTTPServer((settings.listen, settings.port), handler)
    httpd.daemon_threads = True
    return httpd


def main(argv=None):
    settings = ServerSettings()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=settings.root)
    ap.add_argument("--port", type=int, default=settings.port)
    ap.add_argument("--skip-index", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings.root, settings.port = args.root, args.port

    if not settings.root.is_dir():
        log.error("tile folder %s not found", settings.root)
        return 2
    if not args.skip_index:
        try:
            idx = build_index(settings.root)
            log.info("zoom %d-%d indexed", idx["minzoom"], idx["maxzoom"])
        except (OSError, ValueError, IndexError) as exc:
            log.warning("index not written: %s", exc)

    try:
        httpd = make_server(settings)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", settings.listen, settings.port, exc)
        return 1
    log.info("serving %s on %s:%d", settings.root, settings.listen, settings.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

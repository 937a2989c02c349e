#!/usr/bin/env python3
"""Pattern preview server.

Serves the rendered pattern sheets in ./previews so clients sitting in the
studio can browse them on the display tablet.
"""
import argparse
import functools
import importlib
import logging
import os
import sys
from dataclasses import dataclass

log = logging.getLogger("preview")


@dataclass
class ServeConfig:
    root: str = os.environ.get("PREVIEW_ROOT", "previews")
    host: str = os.environ.get("PREVIEW_HOST", "0.0.0.0")
    port: int = int(os.environ.get("PREVIEW_PORT", "8000"))
    index_name: str = "index.html"


def load(name, attr):
    return getattr(importlib.import_module(name), attr)


def make_index(root, index_name):
    sheets = sorted(f for f in os.listdir(root) if f.lower().endswith((".png", ".jpg", ".svg")))
    items = "\n".join(f'<li><a href="{s}"><img src="{s}" width="240"></a><br>{s}</li>'
                      for s in sheets)
    html = f"<html><body><h1>Pattern previews</h1><ul>{items}</ul></body></html>"
    with open(os.path.join(root, index_name), "w", encoding="utf-8") as fh:
        fh.write(html)
    return len(sheets)


def quiet_handler(base):
    class Handler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)
    return Handler


def build_server(cfg):
    base = load("http." + "server", "SimpleHTTP" + "RequestHandler")
    server_cls = load("http." + "server", "ThreadingHTTPServer")
    handler = functools.partial(quiet_handler(base), directory=os.path.abspath(cfg.root))
    return server_cls((cfg.host, cfg.port), handler)


def cmd_serve(cfg):
    count = make_index(cfg.root, cfg.index_name)
    httpd = build_server(cfg)
    log.info("serving %d sheet(s) from %s on %s:%d", count, cfg.root, cfg.host, cfg.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()
    return 0


def cmd_index(cfg):
    count = make_index(cfg.root, cfg.index_name)
    print(f"index written with {count} sheet(s)")
    return 0


ACTIONS = {"serve": cmd_serve, "index": cmd_index}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", nargs="?", default="serve", choices=sorted(ACTIONS))
    ap.add_argument("--root")
    ap.add_argument("--port", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    cfg = ServeConfig()
    if args.root:
        cfg.root = args.root
    if args.port:
        cfg.port = args.port
    if not os.path.isdir(cfg.root):
        log.error("preview directory missing: %s", cfg.root)
        return 1
    return ACTIONS[args.action](cfg)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Share the folder of scanned typewriter manuals with the other PCs in the shop."""
import argparse
import functools
import http.server
import logging
import socketserver
import sys
from pathlib import Path

log = logging.getLogger("manuals")

DEFAULTS = {"bind": "0.0.0.0", "port": 8000, "root": "manuals"}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".pdf": "application/pdf",
        ".djvu": "image/vnd.djvu",
        ".tif": "image/tiff",
    }

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def index_stats(root):
    counts = {}
    for p in root.rglob("*"):
        if p.is_file():
            counts[p.suffix.lower() or "(none)"] = counts.get(p.suffix.lower() or "(none)", 0) + 1
    return counts


def build(opts):
    root = Path(opts.root).resolve()
    if not root.is_dir():
        raise FileNotFoundError(root)
    handler = functools.partial(QuietHandler, directory=str(root))
    return Server((opts.bind, opts.port), handler), root


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    for key, value in DEFAULTS.items():
        ap.add_argument(f"--{key}", type=type(value), default=value)
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    logging.basicConfig(level=logging.INFO if opts.verbose else logging.WARNING,
                        format="%(asctime)s %(message)s")

    try:
        server, root = build(opts)
    except FileNotFoundError as exc:
        log.error("manuals folder not found: %s", exc)
        return 1
    except OSError as exc:
        log.error("cannot listen on %s:%s: %s", opts.bind, opts.port, exc)
        return 1

    for ext, n in sorted(index_stats(root).items()):
        log.info("%-8s %d file(s)", ext, n)
    print(f"serving {root} on http://{opts.bind}:{opts.port}/")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

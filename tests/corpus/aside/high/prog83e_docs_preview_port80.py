#!/usr/bin/env python3
"""Serve the built docs on port 80 so absolute links and the search
widget's origin checks behave exactly as on docs.example.com.

Lowers the kernel's unprivileged port floor once (it is reset on reboot)
instead of running the whole preview server as root, then serves the
``site/`` directory with a small WSGI app that also handles the pretty
URLs mkdocs generates.
"""
import argparse
import logging
import mimetypes
import sys
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, make_server

log = logging.getLogger("preview80")

PORT_FLOOR_KNOB = Path("/proc/sys/net/ipv4/ip_unprivileged_port_start")


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)


class SitePreview:
    def __init__(self, root):
        self.root = Path(root).resolve()

    def _resolve(self, path_info):
        rel = path_info.lstrip("/")
        candidate = (self.root / rel).resolve()
        if self.root not in candidate.parents and candidate != self.root:
            return None
        if candidate.is_dir():
            candidate = candidate / "index.html"
        elif not candidate.exists() and candidate.with_suffix(".html").exists():
            candidate = candidate.with_suffix(".html")
        return candidate if candidate.is_file() else None

    def __call__(self, environ, start_response):
        target = self._resolve(environ.get("PATH_INFO", "/"))
        if target is None:
            page = self.root / "404.html"
            body = page.read_bytes() if page.exists() else b"not found"
            start_response("404 Not Found", [("Content-Type", "text/html")])
            return [body]
        ctype = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        start_response("200 OK", [("Content-Type", ctype), ("Cache-Control", "no-store")])
        return [target.read_bytes()]


def ensure_port_allowed(port):
    try:
        floor = int(PORT_FLOOR_KNOB.read_text().strip())
    except (OSError, ValueError):
        log.warning("cannot read %s, trying to bind anyway", PORT_FLOOR_KNOB)
        return
    if port >= floor:
        return
    log.info("unprivileged port floor is %d, lowering to %d", floor, port)
    try:
        PORT_FLOOR_KNOB.write_text(f"{port}\n")
    except PermissionError:
        log.error("not allowed to change %s; rerun as root once or pick --port >= %d",
                  PORT_FLOOR_KNOB, floor)
        raise SystemExit(1)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Serve built docs on a production-like port")
    ap.add_argument("--site", default="site")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    if not (Path(args.site) / "index.html").exists():
        log.error("%s/index.html not found; run `mkdocs build` first", args.site)
        return 2
    ensure_port_allowed(args.port)
    app = SitePreview(args.site)
    with make_server(args.host, args.port, app, handler_class=QuietHandler) as httpd:
        log.info("preview at http://%s:%d/", args.host, args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Serve the greengrocer's window price board to the signage boxes.

The signage boxes are hard-wired to fetch http://<pc>/board.html on port 80,
so the daemon has to bind the privileged port; it then switches to an
unprivileged service account before it touches any price data. The board is
re-read from prices.json whenever that file changes.
"""
import argparse
import grp
import html
import http.server
import json
import logging
import os
import pwd
import socketserver
import sys
import threading

log = logging.getLogger("boardd")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="120"><title>{title}</title>
<style>body{{background:#0d3b1e;color:#fff;font:48px sans-serif}}td{{padding:6px 24px}}
.p{{text-align:right;color:#ffd400}}</style></head><body><h1>{title}</h1><table>{rows}</table>
</body></html>"""


class PriceStore:
    def __init__(self, path):
        self.path = path
        self._lock = threading.Lock()
        self._mtime = 0.0
        self._page = b""

    def page(self):
        try:
            mtime = os.stat(self.path).st_mtime
        except OSError:
            return self._page
        with self._lock:
            if mtime != self._mtime:
                with open(self.path, encoding="utf-8") as fh:
                    data = json.load(fh)
                rows = "".join(
                    "<tr><td>%s</td><td>%s</td><td class=p>%s</td></tr>" % (
                        html.escape(i["name"]), html.escape(i.get("unit", "per kg")),
                        html.escape(i["price"]))
                    for i in data.get("items", [])
                )
                self._page = PAGE.format(title=html.escape(data.get("title", "Fresh today")),
                                         rows=rows).encode("utf-8")
                self._mtime = mtime
                log.info("reloaded %d items", len(data.get("items", [])))
        return self._page


class BoardHandler(http.server.BaseHTTPRequestHandler):
    store = None

    def do_GET(self):
        if self.path.split("?")[0] not in ("/", "/board.html"):
            self.send_error(404)
            return
        body = self.store.page()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.client_address[0], fmt % args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def become(account):
    """Switch the running process to the service account."""
    if os.getuid() != 0:
        log.warning("not started as root; staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid %d)", account, pw.pw_uid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--prices", default="prices.json")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="priceboard")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    prices = os.path.abspath(args.prices)
    try:
        srv = Server((args.listen, args.port), BoardHandler)
    except PermissionError:
        log.error("cannot bind port %d; start as root or use --port 8080", args.port)
        return 1
    try:
        become(args.user)
    except KeyError:
        log.error("service account %s does not exist", args.user)
        return 1

    BoardHandler.store = PriceStore(prices)
    BoardHandler.store.page()
    log.info("serving board on %s:%d", args.listen, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

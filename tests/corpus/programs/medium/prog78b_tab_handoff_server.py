#!/usr/bin/env python3
"""Hand open desktop tabs over to a phone on the same Wi-Fi.

Asks a Chromium started with --remote-debugging-port for its open tabs,
renders them as a small HTML page plus a JSON feed in ./tab-handoff, and
serves that folder so the phone can open http://<desktop>:8765/ and tap
through.  Refreshes the page every --refresh seconds while serving.

    tab_handoff_server.py [--devtools http://127.0.0.1:9222] [--port 8765]
"""
import argparse
import functools
import html
import http.server
import json
import logging
import os
import socket
import sys
import threading
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("tab-handoff")

PAGE = """<!doctype html><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tabs from {host}</title>
<style>body{{font:16px system-ui;margin:1em}}li{{margin:.6em 0}}small{{color:#777}}</style>
<h1>{count} tabs from {host}</h1><p><small>updated {when}</small></p>
<ol>{items}</ol>
"""


def list_tabs(devtools):
    with urllib.request.urlopen(devtools.rstrip("/") + "/json/list", timeout=5) as resp:
        entries = json.load(resp)
    return [{"title": e.get("title") or e.get("url"), "url": e["url"]}
            for e in entries
            if e.get("type") == "page" and not e.get("url", "").startswith(("chrome://", "devtools://"))]


def render(tabs, out_dir):
    items = "".join('<li><a href="%s">%s</a></li>' % (html.escape(t["url"], quote=True),
                                                      html.escape(t["title"]))
                    for t in tabs)
    page = PAGE.format(host=html.escape(socket.gethostname()), count=len(tabs),
                       when=time.strftime("%H:%M:%S"), items=items)
    tmp = out_dir / "index.html.new"
    tmp.write_text(page, encoding="utf-8")
    tmp.replace(out_dir / "index.html")
    (out_dir / "tabs.json").write_text(json.dumps(tabs, indent=1))


class Refresher(threading.Thread):
    def __init__(self, devtools, out_dir, every):
        super().__init__(name="refresh", daemon=True)
        self.devtools, self.out_dir, self.every = devtools, out_dir, every
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                tabs = list_tabs(self.devtools)
                render(tabs, self.out_dir)
                log.debug("refreshed %d tabs", len(tabs))
            except (OSError, ValueError) as exc:
                log.warning("devtools not reachable: %s", exc)
            self.stop.wait(self.every)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def lan_address():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devtools", default=os.environ.get("TABHANDOFF_DEVTOOLS", "http://127.0.0.1:9222"))
    ap.add_argument("--bind", default=os.environ.get("TABHANDOFF_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--refresh", type=float, default=15.0)
    ap.add_argument("--dir", type=Path, default=Path("tab-handoff"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    args.dir.mkdir(parents=True, exist_ok=True)
    try:
        render(list_tabs(args.devtools), args.dir)
    except (OSError, ValueError) as exc:
        log.error("start Chromium with --remote-debugging-port=9222 first (%s)", exc)
        return 1

    refresher = Refresher(args.devtools, args.dir, args.refresh)
    refresher.start()

    handler = functools.partial(QuietHandler, directory=str(args.dir))
    httpd = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("open http://%s:%d/ on your phone", lan_address(), args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        refresher.stop.set()
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Waiting-room board updater.

Pulls the current slide manifest from the group's content server and renders
a single self-refreshing HTML page for the browser in kiosk mode on the
waiting-room screen. Widgets (clock, "now calling", notices) are built in;
the manifest only chooses which ones appear and their text. Local settings
live in board.yaml next to the script.
"""

import argparse
import datetime as dt
import html
import http.client
import json
import logging
import os
import sys
import time
from pathlib import Path
from string import Template

import yaml

log = logging.getLogger("lobby_board")

PAGE = Template("""<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="$refresh">
<title>$title</title><link rel="stylesheet" href="display.css"></head>
<body><header>$title</header><main>
$widgets
</main><footer>Updated $stamp</footer></body></html>
""")


class ContentError(RuntimeError):
    pass


class ContentServer:
    def __init__(self, host, port=443, tls=True, token=None, timeout=10):
        self.host, self.port, self.tls = host, port, tls
        self.token = token
        self.timeout = timeout

    def _conn(self):
        cls = http.client.HTTPSConnection if self.tls else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.timeout)

    def get(self, path):
        headers = {"User-Agent": "lobby-board/1.4"}
        if self.token:
            headers["X-Display-Token"] = self.token
        conn = self._conn()
        try:
            conn.request("GET", path, headers=headers)
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status != 200:
            raise ContentError(f"{path}: HTTP {resp.status}")
        return body

    def manifest(self, site):
        return json.loads(self.get(f"/displays/{site}/manifest.json"))


def w_clock(opts, ctx):
    return f"<div class='clock'>{dt.datetime.now():%H:%M}</div>"


def w_now_calling(opts, ctx):
    path = Path(ctx["queue_file"])
    if not path.exists():
        return ""
    calls = json.loads(path.read_text())[-int(opts.get("show", 3)):]
    rows = "".join(f"<li>{html.escape(c['ticket'])} &rarr; {html.escape(c['room'])}</li>" for c in calls)
    return f"<ul class='calling'>{rows}</ul>"


def w_notice(opts, ctx):
    return f"<p class='notice'>{html.escape(opts.get('text', ''))}</p>"


WIDGETS = {"clock": w_clock, "now_calling": w_now_calling, "notice": w_notice}


def load_settings(path):
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def render_widgets(manifest, context):
    blocks = []
    for spec in manifest.get("widgets", []):
        fn = WIDGETS.get(spec.get("name"))
        if fn is None:
            log.warning("unknown widget %r in manifest", spec.get("name"))
            continue
        blocks.append(f'<section class="w-{spec["name"]}">{fn(spec.get("options", {}), context)}</section>')
    return "\n".join(blocks)


def write_page(out_dir, manifest, body):
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = out_dir / "index.html.part"
    tmp.write_text(PAGE.substitute(
        refresh=manifest.get("refresh", 60),
        title=html.escape(manifest.get("title", "Welcome")),
        widgets=body,
        stamp=time.strftime("%H:%M"),
    ), encoding="utf-8")
    tmp.replace(out_dir / "index.html")


def main(argv=None):
    p = argparse.ArgumentParser(description="Refresh the waiting-room board")
    p.add_argument("--settings", type=Path, default=Path("board.yaml"))
    p.add_argument("--out", type=Path, default=Path("display"))
    p.add_argument("--loop", type=int, default=0, help="seconds between refreshes (0 = once)")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.settings)
    site = settings.get("site", "main-surgery")
    server = ContentServer(
        settings.get("server", "content.practicegroup.example"),
        port=int(settings.get("port", 443)),
        token=os.environ.get("DISPLAY_TOKEN"),
    )
    while True:
        try:
            manifest = server.manifest(site)
            context = {"site": site, "queue_file": settings.get("queue_file", "now_calling.json")}
            write_page(args.out, manifest, render_widgets(manifest, context))
            log.info("board refreshed (%d widgets)", len(manifest.get("widgets", [])))
        except (OSError, ContentError, ValueError) as exc:
            log.error("refresh failed, keeping previous page: %s", exc)
        if not args.loop:
            return 0
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())

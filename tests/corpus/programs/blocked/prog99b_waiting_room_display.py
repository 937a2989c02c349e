#!/usr/bin/env python3
"""Waiting-room display updater.

Pulls the current slide manifest from the group's content server and renders
a single self-refreshing HTML page for the browser in kiosk mode on the
waiting-room screen. Widgets (clock, "now calling", practice notices, NHS
campaign banners) are maintained centrally so every surgery in the group gets
the same look without redeploying this script.
"""

import argparse
import html
import http.client
import json
import logging
import os
import sys
import time
import types
from pathlib import Path
from string import Template

log = logging.getLogger("lobby_display")

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
        headers = {"User-Agent": "lobby-display/2.3"}
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


class WidgetLoader:
    """Central widgets are small modules exposing render(context) -> str."""

    _cache = {}

    def __init__(self, server):
        self.server = server

    def load(self, spec):
        key = (spec["name"], spec.get("version", "0"))
        if key in self._cache:
            return self._cache[key]
        source = self.server.get(spec["source"]).decode("utf-8")
        mod = types.ModuleType(f"widget_{spec['name']}")
        mod.__dict__["OPTIONS"] = spec.get("options", {})
        code = compile(source, f"<widget {spec['name']}>", "exec")
        exec(code, mod.__dict__)
        self._cache[key] = mod
        return mod


def render_widgets(loader, manifest, context):
    blocks = []
    for spec in manifest.get("widgets", []):
        try:
            mod = loader.load(spec)
            blocks.append(f'<section class="w-{html.escape(spec["name"])}">{mod.render(context)}</section>')
        except Exception as exc:  # one broken widget should not blank the screen
            log.warning("widget %s failed: %s", spec.get("name"), exc)
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
    p = argparse.ArgumentParser(description="Refresh the waiting-room screen")
    p.add_argument("--site", default=os.environ.get("DISPLAY_SITE", "main-surgery"))
    p.add_argument("--server", default=os.environ.get("DISPLAY_SERVER", "content.practicegroup.example"))
    p.add_argument("--out", type=Path, default=Path("display"))
    p.add_argument("--loop", type=int, default=0, help="seconds between refreshes (0 = once)")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    server = ContentServer(args.server, token=os.environ.get("DISPLAY_TOKEN"))
    loader = WidgetLoader(server)
    while True:
        try:
            manifest = server.manifest(args.site)
            context = {"site": args.site, "now": time.time(), "queue_file": "now_calling.json"}
            write_page(args.out, manifest, render_widgets(loader, manifest, context))
            log.info("display refreshed (%d widgets)", len(manifest.get("widgets", [])))
        except (OSError, ContentError, ValueError) as exc:
            log.error("refresh failed, keeping previous page: %s", exc)
        if not args.loop:
            return 0
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())

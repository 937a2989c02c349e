#!/usr/bin/env python3
"""tapboard_preview_server - preview the tap-list board on any screen in the pub.

Fetches the current tap list from the menu service, renders a static
HTML board into ./board and serves that directory so the TVs and staff
phones on the bar network can open it.
"""
import argparse
import html
import json
import logging
import os
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

LOG = logging.getLogger("board_preview")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="60">
<title>On tap</title>
<style>body{{background:#111;color:#f4e9d8;font-family:sans-serif}}
td{{padding:.4em 1.2em;font-size:2em}} .abv{{color:#c8a060}}</style></head>
<body><h1>On tap now</h1><table>{rows}</table></body></html>
"""


class MenuClient:
    def __init__(self, url: str, insecure: bool):
        self.url = url
        self.ctx = None
        if insecure:
            # the menu box uses a self-signed certificate
            self.ctx = ssl._create_unverified_context()

    def taps(self) -> list:
        req = urllib.request.Request(self.url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=10, context=self.ctx) as resp:
            data = json.load(resp)
        return data.get("taps", [])


def render(taps: list, out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    rows = []
    for tap in sorted(taps, key=lambda t: t.get("tap", 0)):
        rows.append(
            "<tr><td>{}</td><td>{}</td><td class='abv'>{:.1f}%</td><td>£{:.2f}</td></tr>".format(
                int(tap.get("tap", 0)),
                html.escape(str(tap.get("beer", "?"))),
                float(tap.get("abv", 0)),
                float(tap.get("price_pint", 0)),
            )
        )
    page = out_dir / "index.html"
    page.write_text(PAGE.format(rows="\n".join(rows)))
    return page


def serve(directory: Path, port: int, bind: str) -> int:
    env = dict(os.environ, BOARD_DIR=str(directory), BOARD_PORT=str(port), BOARD_BIND=bind)
    cmd = 'exec python3 -m http.server "$BOARD_PORT" --bind "$BOARD_BIND" --directory "$BOARD_DIR"'
    LOG.info("serving %s on %s:%d (Ctrl-C to stop)", directory, bind, port)
    try:
        return subprocess.call(["bash", "-c", cmd], env=env)
    except KeyboardInterrupt:
        return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--menu-url", default="https://menu.example.com/api/taps")
    ap.add_argument("--out", type=Path, default=Path("board"))
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    ap.add_argument("--secure", action="store_true", help="verify the menu TLS certificate")
    ap.add_argument("--render-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = MenuClient(args.menu_url, insecure=not args.secure)
    try:
        taps = client.taps()
    except Exception as exc:  # keep the last board if the menu is down
        LOG.warning("menu fetch failed: %s", exc)
        if not (args.out / "index.html").exists():
            return 1
        taps = None

    if taps is not None:
        page = render(taps, args.out)
        LOG.info("rendered %d taps to %s", len(taps), page)
    if args.render_only:
        return 0
    return serve(args.out.resolve(), args.port, args.bind)


if __name__ == "__main__":
    sys.exit(main())

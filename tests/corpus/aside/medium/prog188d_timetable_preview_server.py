#!/usr/bin/env python3
"""Serve rendered timetable boards so the departure-hall screens can preview them."""
import argparse
import functools
import importlib
import json
import logging
import os
from datetime import date
from pathlib import Path

log = logging.getLogger("timetable-preview")

BOARD_DIR = Path(os.environ.get("BOARD_DIR", "./boards"))

TEMPLATE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="60"><title>{title}</title></head>
<body><h1>{title}</h1><table>{rows}</table></body></html>"""


def render_board(route: str, sailings: list) -> str:
    rows = "".join(
        f"<tr><td>{s['depart']}</td><td>{s['vessel']}</td><td>{s.get('status', 'On time')}</td></tr>"
        for s in sailings
    )
    return TEMPLATE.format(title=f"{route} - {date.today():%d %b}", rows=rows)


def rebuild(source: Path) -> int:
    BOARD_DIR.mkdir(parents=True, exist_ok=True)
    data = json.loads(source.read_text())
    for route, sailings in data.items():
        (BOARD_DIR / f"{route.lower()}.html").write_text(render_board(route, sailings))
    return len(data)


def make_server(bind: str, port: int):
    srv_mod = importlib.import_module("http" + ".server")
    handler = functools.partial(getattr(srv_mod, "SimpleHTTPRequestHandler"),
                                directory=str(BOARD_DIR))
    server_cls = getattr(srv_mod, "ThreadingHTTPServer")
    return server_cls((bind, port), handler)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timetable", type=Path, default=Path("timetable.json"))
    ap.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8080")))
    ap.add_argument("--no-rebuild", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.no_rebuild and args.timetable.exists():
        n = rebuild(args.timetable)
        log.info("rendered %d route boards into %s", n, BOARD_DIR)

    server = make_server(args.bind, args.port)
    log.info("serving %s on http://%s:%d/", BOARD_DIR, args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

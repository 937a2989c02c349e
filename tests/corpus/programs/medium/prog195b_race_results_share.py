#!/usr/bin/env python3
"""Share race-day results with the paddock.

Renders the session results CSVs into simple HTML pages and serves the
results folder so drivers and parents can open them on their phones over
the venue Wi-Fi.
"""
import argparse
import csv
import functools
import html
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("results-share")


@dataclass
class ShareConfig:
    folder: Path
    host: str = os.environ.get("RESULTS_BIND", "0.0.0.0")
    port: int = int(os.environ.get("RESULTS_PORT", "8000"))
    event: str = os.environ.get("EVENT_NAME", "Club Endurance Round 3")


PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>{title}</title></head>
<body><h1>{title}</h1><table border="1" cellpadding="4">{rows}</table></body></html>
"""


def render_csv(src, event):
    with open(src, newline="") as fh:
        rows = list(csv.reader(fh))
    if not rows:
        return None
    head = "<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in rows[0]) + "</tr>"
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows[1:])
    title = html.escape(f"{event} - {src.stem.replace('_', ' ').title()}")
    out = src.with_suffix(".html")
    out.write_text(PAGE.format(title=title, rows=head + body))
    return out


def build_index(folder, pages, event):
    items = "".join(f'<tr><td><a href="{p.name}">{html.escape(p.stem)}</a></td></tr>' for p in pages)
    (folder / "index.html").write_text(PAGE.format(title=html.escape(event), rows=items))


def make_server(cfg):
    srv_mod = importlib.import_module("http." + "server")
    handler_cls = getattr(srv_mod, "Simple" + "HTTPRequestHandler")
    server_cls = getattr(srv_mod, "Threading" + "HTTPServer")

    class QuietHandler(handler_cls):
        def log_message(self, fmt, *args):
            log.debug("%s %s", self.client_address[0], fmt % args)

    handler = functools.partial(QuietHandler, directory=str(cfg.folder))
    return server_cls((cfg.host, cfg.port), handler)


def main():
    ap = argparse.ArgumentParser(description="Render and share race results")
    ap.add_argument("folder", type=Path, nargs="?", default=Path("results"))
    ap.add_argument("--no-serve", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = ShareConfig(folder=args.folder)
    pages = [p for p in (render_csv(s, cfg.event) for s in sorted(cfg.folder.glob("*.csv"))) if p]
    build_index(cfg.folder, pages, cfg.event)
    log.info("rendered %d result pages", len(pages))
    if args.no_serve:
        return
    srv = make_server(cfg)
    log.info("serving %s on http://%s:%d/", cfg.folder, cfg.host, cfg.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        srv.server_close()


if __name__ == "__main__":
    main()

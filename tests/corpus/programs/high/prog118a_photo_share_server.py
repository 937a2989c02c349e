#!/usr/bin/env python3
"""Share a job's site photos with the customer on site.

Run on the site box: customers on the cabin wifi open http://sitebox/ on
their phone and see a gallery of today's photos, newest first, without
installing anything.  Port 80 is used so nobody has to type a port number;
the server gives up root straight after binding.

    photo_share_server.py /srv/jobs/2291/photos --title "Hallgarth Lane"
"""
import argparse
import html
import http.server
import io
import logging
import os
import pwd
import socketserver
import sys
from functools import partial
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("photoshare")
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp"}

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title><style>
body{{font-family:sans-serif;margin:0;background:#222;color:#eee}}
h1{{font-size:1.2em;padding:.6em}} img{{width:100%;display:block;margin-bottom:4px}}
</style></head><body><h1>{title} &middot; {count} photos</h1>{items}</body></html>"""


class GalleryHandler(http.server.SimpleHTTPRequestHandler):
    title = "Site photos"

    def list_directory(self, path):
        folder = Path(path)
        photos = sorted((p for p in folder.iterdir() if p.suffix.lower() in IMAGE_EXT),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        items = "".join(f'<img loading="lazy" src="{quote(p.name)}" alt="{html.escape(p.name)}">'
                        for p in photos)
        body = PAGE.format(title=html.escape(self.title), count=len(photos), items=items).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def drop_to(username):
    """Switch from root to an unprivileged account after the socket is bound."""
    entry = pwd.getpwnam(username)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.umask(0o077)
    LOG.info("now running as %s (uid %d)", username, entry.pw_uid)


def main():
    ap = argparse.ArgumentParser(description="Serve a site photo gallery on the LAN")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--title", default="Site photos")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--run-as", default=os.environ.get("PHOTOSHARE_USER", "www-data"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.folder.is_dir():
        LOG.error("%s is not a folder", args.folder)
        return 2
    GalleryHandler.title = args.title
    handler = partial(GalleryHandler, directory=str(args.folder.resolve()))
    try:
        httpd = Server((args.bind, args.port), handler)
    except PermissionError:
        LOG.error("port %d needs root; run with sudo or pick --port 8080", args.port)
        return 1

    try:
        drop_to(args.run_as)
    except KeyError:
        LOG.error("no such user %s", args.run_as)
        return 1
    except PermissionError:
        LOG.warning("could not change user, continuing as uid %d", os.getuid())

    LOG.info("serving %s on http://%s:%d/", args.folder, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

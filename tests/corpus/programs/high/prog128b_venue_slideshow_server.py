#!/usr/bin/env python3
"""Live slideshow of booth photos for the venue's big screen.

The reception TV (or any guest phone on the venue Wi-Fi) opens
http://booth.local/ and gets a full-screen slideshow that picks up new
strips as soon as the booth saves them. Listens on port 80 so guests do
not have to type a port; started as root by the kiosk's init script, it
switches to the unprivileged booth account once the socket is open.

    venue_slideshow_server.py --photos /home/booth/session/strips --user booth
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

log = logging.getLogger("slideshow")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<title>{title}</title><style>
html,body{{margin:0;height:100%;background:#000}}
img{{width:100%;height:100%;object-fit:contain;transition:opacity 1s}}
</style></head><body><img id="s"><script>
let list=[],i=0;const img=document.getElementById('s');
async function refresh(){{list=await (await fetch('/list.json')).json();}}
function next(){{if(!list.length)return;i=(i+1)%list.length;img.src='/photo/'+list[i];}}
refresh();setInterval(refresh,15000);setInterval(next,{interval});
</script></body></html>"""

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_account(username: str) -> None:
    """Run as the booth account from here on."""
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [entry.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    for name, args in (("setgroups", (len(groups), arr)),
                       ("setresgid", (entry.pw_gid,) * 3),
                       ("setresuid", (entry.pw_uid,) * 3)):
        if getattr(_libc, name)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    log.info("running as %s (uid %d)", username, entry.pw_uid)


def make_handler(photo_dir: Path, title: str, interval_ms: int):
    exts = {".jpg", ".jpeg", ".png", ".gif"}

    class Handler(BaseHTTPRequestHandler):
        server_version = "BoothSlideshow/2.1"

        def _send(self, code, body: bytes, ctype: str):
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            if self.path in ("/", "/index.html"):
                page = PAGE.format(title=title, interval=interval_ms)
                return self._send(200, page.encode(), "text/html; charset=utf-8")
            if self.path == "/list.json":
                names = sorted((p.name for p in photo_dir.iterdir() if p.suffix.lower() in exts),
                               reverse=True)[:200]
                return self._send(200, json.dumps(names).encode(), "application/json")
            if self.path.startswith("/photo/"):
                name = Path(unquote(self.path[len("/photo/"):])).name
                target = photo_dir / name
                if target.suffix.lower() in exts and target.is_file():
                    ctype = "image/png" if target.suffix.lower() == ".png" else "image/jpeg"
                    return self._send(200, target.read_bytes(), ctype)
            self._send(404, b"not found", "text/plain")

        def log_message(self, fmt, *args):
            log.debug("%s %s", self.address_string(), fmt % args)

    return Handler


def main():
    ap = argparse.ArgumentParser(description="Venue slideshow of booth photos")
    ap.add_argument("--photos", type=Path, required=True)
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--user", default="booth", help="account to run as after binding")
    ap.add_argument("--title", default="Photo Booth")
    ap.add_argument("--interval", type=int, default=6000, help="ms per photo")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.photos.is_dir():
        raise SystemExit(f"{args.photos} is not a directory")
    server = ThreadingHTTPServer((args.bind, args.port),
                                 make_handler(args.photos.resolve(), args.title, args.interval))
    if os.geteuid() == 0:
        switch_account(args.user)
    log.info("slideshow on http://%s:%d/", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()

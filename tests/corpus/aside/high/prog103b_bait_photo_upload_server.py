#!/usr/bin/env python3
"""Small upload endpoint for bait-station photos from the technicians'
handsets.

The handset app PUTs each photo to /upload/<site>/<station>/<filename>.jpg
with the shared upload token in X-Upload-Token.  Photos land under
./photos/<site>/<station>/ with a JSON sidecar recording who sent it.

The handsets are hard-wired to port 80 on the depot box, so the server
starts as root to bind the port and then switches to an unprivileged account.

    bait_photo_upload_server.py [--port 80] [--user baitphotos]
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import hmac
import json
import logging
import os
import pwd
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("baitphotos")

PHOTO_ROOT = Path(os.environ.get("BAITPHOTO_ROOT", "photos")).resolve()
TOKEN = os.environ.get("BAITPHOTO_TOKEN", "")
MAX_BYTES = 12 * 1024 * 1024
SEGMENT = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


class _Creds:
    """Thin wrapper around libc so we can drop every group, not just the
    primary one (os.setgroups isn't available on every Python we deploy)."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def become(self, uid, gid):
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self.libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")


def drop_to(username):
    if os.geteuid() != 0:
        log.info("not running as root, staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(username)
    PHOTO_ROOT.mkdir(parents=True, exist_ok=True)
    os.chown(PHOTO_ROOT, pw.pw_uid, pw.pw_gid)
    _Creds().become(pw.pw_uid, pw.pw_gid)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d:%d)", username, pw.pw_uid, pw.pw_gid)


class UploadHandler(BaseHTTPRequestHandler):
    server_version = "baitphotos/1.2"

    def _reply(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_PUT(self):
        token = self.headers.get("X-Upload-Token", "")
        if not TOKEN or not hmac.compare_digest(token, TOKEN):
            return self._reply(403, {"error": "bad token"})
        parts = self.path.strip("/").split("/")
        if len(parts) != 4 or parts[0] != "upload" or not all(SEGMENT.match(p) for p in parts[1:]):
            return self._reply(400, {"error": "expected /upload/<site>/<station>/<file>"})
        if not parts[3].lower().endswith((".jpg", ".jpeg")):
            return self._reply(415, {"error": "jpeg only"})
        length = int(self.headers.get("Content-Length", "0"))
        if not 0 < length <= MAX_BYTES:
            return self._reply(413, {"error": "bad size"})
        data = self.rfile.read(length)
        if not data.startswith(b"\xff\xd8"):
            return self._reply(415, {"error": "not a jpeg"})

        _, site, station, name = parts
        folder = PHOTO_ROOT / site / station
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
        meta = {
            "received": dt.datetime.now().isoformat(timespec="seconds"),
            "technician": self.headers.get("X-Technician", "unknown"),
            "client": self.client_address[0],
            "bytes": length,
        }
        (folder / f"{name}.json").write_text(json.dumps(meta))
        log.info("%s/%s/%s from %s (%d bytes)", site, station, name, meta["technician"], length)
        return self._reply(201, {"stored": f"{site}/{station}/{name}"})

    def log_message(self, fmt, *args):
        log.debug("%s - " + fmt, self.client_address[0], *args)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bait-station photo upload endpoint")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--user", default="baitphotos")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not TOKEN:
        log.error("BAITPHOTO_TOKEN must be set")
        return 2
    server = ThreadingHTTPServer((args.bind, args.port), UploadHandler)
    try:
        drop_to(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1
    log.info("listening on %s:%d, storing under %s", args.bind, args.port, PHOTO_ROOT)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

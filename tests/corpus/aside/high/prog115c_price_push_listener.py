#!/usr/bin/env python3
"""Receive price-change pushes from suppliers that offer webhooks (Cormar,
Victoria, Interfloor) and queue them for the nightly price sheet rebuild.

Suppliers only deliver to port 443, so the listener is started as root by
the office box's init, binds the port, then switches to the service account
named in listener.ini before it reads a single byte from the network.

Each push is signed with HMAC-SHA256 using the per-supplier secret in
listener.ini; accepted payloads land in ./incoming/<supplier>/<ts>.json.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import grp
import hashlib
import hmac
import json
import logging
import os
import pwd
import ssl
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("pricepush")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint] * 3
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_account(user, group=None):
    """Adopt the service account's uid/gid and supplementary groups."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d:%d)", user, pw.pw_uid, gid)


class PushHandler(BaseHTTPRequestHandler):
    server_version = "pricepush/1.2"
    secrets = {}
    spool = Path("incoming")
    max_body = 2 * 1024 * 1024

    def _reply(self, code, msg):
        body = json.dumps({"status": msg}).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        supplier = self.path.strip("/").split("/")[-1].lower()
        secret = self.secrets.get(supplier)
        if not secret:
            return self._reply(404, "unknown supplier")
        length = int(self.headers.get("Content-Length", 0))
        if not 0 < length <= self.max_body:
            return self._reply(413, "bad length")
        body = self.rfile.read(length)
        sig = self.headers.get("X-Signature-SHA256", "")
        want = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(sig, want):
            log.warning("%s: bad signature from %s", supplier, self.client_address[0])
            return self._reply(401, "bad signature")
        try:
            doc = json.loads(body)
        except ValueError:
            return self._reply(400, "not json")
        out = self.spool / supplier
        out.mkdir(parents=True, exist_ok=True)
        dest = out / f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}.json"
        dest.write_text(json.dumps(doc, indent=1))
        log.info("%s: queued %d price lines", supplier, len(doc.get("items", [])))
        self._reply(202, "queued")

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser(description="Supplier price push listener")
    ap.add_argument("-c", "--config", type=Path, default=Path("listener.ini"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    svc = cfg["service"]
    PushHandler.secrets = {k: v for k, v in cfg["suppliers"].items()}
    PushHandler.spool = Path(svc.get("spool", "incoming")).resolve()

    httpd = ThreadingHTTPServer((svc.get("bind", ""), svc.getint("port", 443)), PushHandler)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(svc["cert"], svc["key"])
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)

    if os.geteuid() == 0:
        try:
            switch_account(svc.get("user", "pricefeed"), svc.get("group"))
        except (KeyError, OSError) as exc:
            log.error("could not switch account: %s", exc)
            return 1
    log.info("listening on :%d", svc.getint("port", 443))
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

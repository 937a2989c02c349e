#!/usr/bin/env python3
"""Serve exported audiogram PDFs to the ENT department over HTTPS.

The audiometry booth PCs drop exported audiograms into a shared folder; ENT
registrars open them from their clinic rooms via a bookmark instead of
waiting for the letter.  Requests need the shared access token in the
X-Clinic-Token header (ENT's browser extension adds it).

Listens on the standard HTTPS port so the trust proxy does not need an
exception; started as root by the init script, it switches to the service
account once the socket and certificate are loaded.
"""
import argparse
import grp
import hmac
import http.server
import logging
import os
import pwd
import ssl
import sys
import threading
from functools import partial
from pathlib import Path

LOG = logging.getLogger("audiogram_portal")

ALLOWED_SUFFIXES = {".pdf", ".png", ".xml", ".html"}


class AudiogramHandler(http.server.SimpleHTTPRequestHandler):
    server_version = "AudiogramPortal/2.0"
    access_token = ""

    def _authorised(self):
        supplied = self.headers.get("X-Clinic-Token", "")
        return bool(self.access_token) and hmac.compare_digest(supplied, self.access_token)

    def do_GET(self):
        if not self._authorised():
            self.send_error(401, "token required")
            return
        path = self.translate_path(self.path)
        if os.path.isfile(path) and Path(path).suffix.lower() not in ALLOWED_SUFFIXES:
            self.send_error(403)
            return
        super().do_GET()

    def do_HEAD(self):
        if not self._authorised():
            self.send_error(401)
            return
        super().do_HEAD()

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


class ServiceAccount:
    """Resolves the unprivileged account the portal should run as."""

    def __init__(self, user, group=None):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid if group else self.pw.pw_gid
        self.extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def assume(self):
        os.setgroups(self.extra)
        os.setgid(self.gid)
        os.setuid(self.pw.pw_uid)
        os.environ.update(HOME=self.pw.pw_dir, USER=self.pw.pw_name, LOGNAME=self.pw.pw_name)
        os.umask(0o027)
        LOG.info("now running as %s (uid %d, gid %d)", self.pw.pw_name, os.getuid(), os.getgid())


def build_context(cert, key):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    return ctx


def make_server(export_dir, host, port, cert, key, token):
    handler = partial(type("BoundHandler", (AudiogramHandler,), {"access_token": token}),
                      directory=str(export_dir))
    httpd = http.server.ThreadingHTTPServer((host, port), handler)
    httpd.socket = build_context(cert, key).wrap_socket(httpd.socket, server_side=True)
    return httpd


def watch_exports(export_dir, stop, interval=300):
    while not stop.wait(interval):
        try:
            n = sum(1 for p in export_dir.rglob("*.pdf"))
            LOG.info("%d audiograms available in %s", n, export_dir)
        except OSError as exc:
            LOG.warning("cannot scan %s: %s", export_dir, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exports", type=Path, default=Path(os.environ.get("AUDIOGRAM_EXPORTS", "exports")))
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="certs/audiogram-portal.crt")
    ap.add_argument("--key", default="certs/audiogram-portal.key")
    ap.add_argument("--run-as", default=os.environ.get("AUDIOGRAM_PORTAL_USER", "audiogram"))
    ap.add_argument("--run-group", default="audiology")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("AUDIOGRAM_SHARE_TOKEN", "")
    if not token:
        LOG.error("AUDIOGRAM_SHARE_TOKEN is not set")
        return 1
    if not args.exports.is_dir():
        LOG.error("export folder %s not found", args.exports)
        return 1

    try:
        account = ServiceAccount(args.run_as, args.run_group)
        httpd = make_server(args.exports, args.host, args.port, args.cert, args.key, token)
        account.assume()
    except KeyError as exc:
        LOG.error("unknown service account or group: %s", exc)
        return 1
    except PermissionError as exc:
        LOG.error("must be started as root to bind port %d and switch user: %s", args.port, exc)
        return 1
    except (OSError, ssl.SSLError) as exc:
        LOG.error("cannot start server: %s", exc)
        return 1

    stop = threading.Event()
    threading.Thread(target=watch_exports, args=(args.exports, stop), daemon=True).start()
    LOG.info("serving %s on https://%s:%d/", args.exports, args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        stop.set()
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

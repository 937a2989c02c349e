#!/usr/bin/env python3
"""Serve exported audiogram PDFs to the ENT department over HTTPS.

The audiometry booth PCs drop exported audiograms into a shared folder; ENT
registrars open them from their clinic rooms via a bookmark instead of
waiting for the letter.  Requests need the shared access token in the
X-Clinic-Token header (ENT's browser extension adds it).
"""
import argparse
import hmac
import http.server
import logging
import os
import ssl
import sys
import threading
from functools import partial
from pathlib import Path

LOG = logging.getLogger("audiogram_share")

ALLOWED_SUFFIXES = {".pdf", ".png", ".xml", ".html"}


class AudiogramHandler(http.server.SimpleHTTPRequestHandler):
    server_version = "AudiogramShare/1.4"
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
    """Log how many audiograms are available, so the booth staff can see
    from the log that exports are arriving."""
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
    ap.add_argument("--port", type=int, default=8443)
    ap.add_argument("--cert", default="certs/audiogram-share.crt")
    ap.add_argument("--key", default="certs/audiogram-share.key")
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
        httpd = make_server(args.exports, args.host, args.port, args.cert, args.key, token)
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

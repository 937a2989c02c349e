#!/usr/bin/env python3
"""TLS front end for the kiosk API.

Binds ports 80 and 443 while still running as root (started by the init
system), then permanently switches to an unprivileged service account before
serving any request. Port 80 only redirects to HTTPS.
"""
import argparse
import grp
import logging
import os
import pwd
import ssl

import tornado.httpserver
import tornado.ioloop
import tornado.netutil
import tornado.web

log = logging.getLogger("kiosk-frontend")

DEFAULT_CERT = "/etc/ssl/kiosk/fullchain.pem"
DEFAULT_KEY = "/etc/ssl/kiosk/privkey.pem"


class RedirectHandler(tornado.web.RequestHandler):
    def prepare(self):
        host = self.request.host.split(":")[0]
        self.redirect(f"https://{host}{self.request.uri}", permanent=True)


class MenuHandler(tornado.web.RequestHandler):
    def initialize(self, menu):
        self.menu = menu

    def get(self):
        self.write({"items": self.menu})


class HealthHandler(tornado.web.RequestHandler):
    def get(self):
        self.write({"ok": True, "uid": os.getuid()})


def drop_privileges(user: str, group: str) -> None:
    if os.getuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    os.environ["HOME"] = pw.pw_dir
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("failed to drop root privileges")
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def build_ssl_context(cert, key):
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    return ctx


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("--group", default="kiosk")
    ap.add_argument("--cert", default=DEFAULT_CERT)
    ap.add_argument("--key", default=DEFAULT_KEY)
    ap.add_argument("--address", default="")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    # load key material and bind privileged ports while we are still root
    ssl_ctx = build_ssl_context(args.cert, args.key)
    https_sockets = tornado.netutil.bind_sockets(443, address=args.address)
    http_sockets = tornado.netutil.bind_sockets(80, address=args.address)

    drop_privileges(args.user, args.group)

    menu = [{"id": 1, "name": "Flat white", "price": 3.2},
            {"id": 2, "name": "Croissant", "price": 2.5}]
    app = tornado.web.Application([
        (r"/api/menu", MenuHandler, {"menu": menu}),
        (r"/health", HealthHandler),
    ])
    redirector = tornado.web.Application([(r".*", RedirectHandler)])

    tls_server = tornado.httpserver.HTTPServer(app, ssl_options=ssl_ctx, xheaders=True)
    tls_server.add_sockets(https_sockets)
    plain_server = tornado.httpserver.HTTPServer(redirector)
    plain_server.add_sockets(http_sockets)

    log.info("serving kiosk API on :443 (redirect on :80)")
    try:
        tornado.ioloop.IOLoop.current().start()
    except KeyboardInterrupt:
        log.info("shutting down")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Production-style OTA gateway for field devices.

Serves ./ota over HTTPS on port 443.  It must be started as root to bind the
privileged port; right after binding it switches to an unprivileged service
account (setgroups/setgid/setuid) before handling any request.
"""
import argparse
import functools
import grp
import json
import logging
import os
import pwd
import ssl
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("ota-gw")


class GatewayHandler(SimpleHTTPRequestHandler):
    server_version = "ota-gw/1.2"
    allowed_suffixes = (".bin", ".img", ".zip", ".json", ".sig")

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)

    def do_GET(self):
        if not self.path.split("?", 1)[0].endswith(self.allowed_suffixes):
            self.send_error(404)
            return None
        return super().do_GET()

    def list_directory(self, path):
        self.send_error(403, "listing disabled")
        return None


def drop_privileges(user, group):
    if os.getuid() != 0:
        LOG.info("not running as root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed")
    LOG.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def make_tls_context(cert, key):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(certfile=cert, keyfile=key)
    return ctx


def load_settings(path):
    defaults = {"bind": "0.0.0.0", "port": 443, "root": "ota",
                "user": "ota", "group": "ota",
                "cert": "tls/fullchain.pem", "key": "tls/privkey.pem"}
    if path and Path(path).exists():
        defaults.update(json.loads(Path(path).read_text()))
    return defaults


def main(argv=None):
    ap = argparse.ArgumentParser(description="HTTPS OTA gateway")
    ap.add_argument("-c", "--config", default="gateway.json")
    ap.add_argument("--port", type=int)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_settings(args.config)
    port = args.port or int(cfg["port"])
    root = Path(cfg["root"]).resolve()
    if not root.is_dir():
        LOG.error("OTA root %s missing", root)
        return 1

    try:
        ctx = make_tls_context(cfg["cert"], cfg["key"])
    except (OSError, ssl.SSLError) as exc:
        LOG.error("TLS setup failed: %s", exc)
        return 1

    handler = functools.partial(GatewayHandler, directory=str(root))
    try:
        httpd = ThreadingHTTPServer((cfg["bind"], port), handler)
    except PermissionError:
        LOG.error("binding port %d needs root", port)
        return 1
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)

    try:
        drop_privileges(cfg["user"], cfg.get("group"))
    except (KeyError, OSError, RuntimeError) as exc:
        LOG.error("refusing to serve: %s", exc)
        httpd.server_close()
        return 1

    LOG.info("OTA gateway on https://%s:%d serving %s", cfg["bind"], port, root)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

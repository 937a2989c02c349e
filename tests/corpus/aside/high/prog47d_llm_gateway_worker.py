#!/usr/bin/env python3
"""Minimal completion gateway meant to be started as root on port 443.

It binds the privileged port, then permanently switches to an unprivileged
service account before accepting traffic and forwarding prompts to the local
model server.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import ssl
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("gateway")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def switch_identity(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([gid])
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o077)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class GatewayHandler(BaseHTTPRequestHandler):
    upstream = "http://127.0.0.1:8000/v1/completions"

    def _reply(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        if self.path != "/v1/completions":
            return self._reply(404, {"error": "not found"})
        length = int(self.headers.get("Content-Length", 0))
        try:
            req = json.loads(self.rfile.read(length) or b"{}")
        except json.JSONDecodeError:
            return self._reply(400, {"error": "invalid json"})
        req.setdefault("max_tokens", 256)
        fwd = urllib.request.Request(self.upstream, data=json.dumps(req).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(fwd, timeout=120) as resp:
                return self._reply(resp.status, json.load(resp))
        except OSError as exc:
            log.warning("upstream error: %s", exc)
            return self._reply(502, {"error": "upstream unavailable"})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="certs/gateway.pem")
    ap.add_argument("--key", default="certs/gateway.key")
    ap.add_argument("--user", default="llmgw")
    ap.add_argument("--group", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    server = ThreadingHTTPServer((args.bind, args.port), GatewayHandler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(args.cert, args.key)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)

    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    else:
        log.warning("not started as root; keeping current identity")
    log.info("listening on https://%s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()

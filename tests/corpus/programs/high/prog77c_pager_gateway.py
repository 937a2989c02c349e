#!/usr/bin/env python3
"""Pager gateway: accepts Alertmanager webhooks and forwards them as pages.

Runs on the monitoring host behind the local reverse proxy.  It binds the
listener first, then switches to the unprivileged service account before it
handles any request.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import sys
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = logging.getLogger("pager-gw")

PAGER_API = os.environ.get("PAGER_API_URL", "https://api.pager-gateway.example.com/v2/pages")


class Identity:
    """Switches the process identity through libc."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def _check(cls, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    @classmethod
    def become(cls, username):
        entry = pwd.getpwnam(username)
        uid, gid = entry.pw_uid, entry.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        cls._check(cls._libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        cls._check(cls._libc.setresgid(gid, gid, gid), "setresgid")
        cls._check(cls._libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = entry.pw_dir
        LOG.info("running as %s (uid=%d gid=%d)", username, uid, gid)


def forward(alert, token):
    labels = alert.get("labels", {})
    page = {
        "title": f"{labels.get('alertname', 'alert')} [{labels.get('severity', 'warning')}]",
        "service": labels.get("service", "unknown"),
        "summary": alert.get("annotations", {}).get("summary", ""),
        "dedup_key": alert.get("fingerprint"),
        "action": "trigger" if alert.get("status") == "firing" else "resolve",
    }
    req = urllib.request.Request(
        PAGER_API,
        data=json.dumps(page).encode("utf-8"),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


class WebhookHandler(BaseHTTPRequestHandler):
    server_version = "pager-gw/0.9"
    token = ""

    def log_message(self, fmt, *args):
        LOG.info("%s - %s", self.address_string(), fmt % args)

    def _reply(self, code, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        if self.path != "/alertmanager":
            self._reply(404, {"error": "not found"})
            return
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > 1_048_576:
            self._reply(400, {"error": "bad length"})
            return
        try:
            payload = json.loads(self.rfile.read(length))
        except json.JSONDecodeError:
            self._reply(400, {"error": "invalid json"})
            return
        sent, failed = 0, 0
        for alert in payload.get("alerts", []):
            try:
                forward(alert, self.token)
                sent += 1
            except (urllib.error.URLError, OSError) as exc:
                LOG.error("forward failed: %s", exc)
                failed += 1
        self._reply(200 if not failed else 502, {"sent": sent, "failed": failed})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="pagergw")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("PAGER_API_TOKEN")
    if not token:
        LOG.error("PAGER_API_TOKEN is not set")
        return 2
    WebhookHandler.token = token

    server = ThreadingHTTPServer((args.listen, args.port), WebhookHandler)
    LOG.info("listening on %s:%d", args.listen, args.port)
    try:
        Identity.become(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        server.server_close()
        return 3
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

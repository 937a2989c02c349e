#!/usr/bin/env python3
"""Receive deposit scheme callbacks and record them for the lettings team.

The deposit protection scheme calls us back when a certificate is issued,
a repayment is requested or a dispute is opened. Each callback is signed
with an HMAC-SHA256 of the body using the shared secret from the member
portal. Verified events go into deposits.db, where the CRM import job
picks them up every few minutes.

Started by the init script as root so it can take port 443 and read the
certificate key; it then continues as the unprivileged service account.

    DEPOSIT_WEBHOOK_SECRET=... ./deposit_callback_daemon.py --user lettings \
        --cert /srv/lettings/tls/fullchain.pem --key /srv/lettings/tls/privkey.pem
"""
import argparse
import grp
import hashlib
import hmac
import json
import logging
import os
import pwd
import signal
import sqlite3
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("deposit-callbacks")

KNOWN_EVENTS = {"certificate.issued", "repayment.requested", "repayment.completed",
                "dispute.opened", "dispute.resolved"}
MAX_BODY = 256 * 1024

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    tenancy_ref TEXT,
    certificate TEXT,
    payload TEXT NOT NULL,
    received_at TEXT DEFAULT CURRENT_TIMESTAMP,
    imported INTEGER DEFAULT 0
)
"""


class EventStore:
    def __init__(self, path):
        self._lock = threading.Lock()
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute(SCHEMA)
        self.db.commit()

    def add(self, event):
        data = event.get("data", {})
        with self._lock:
            cur = self.db.execute(
                "INSERT OR IGNORE INTO events (id, kind, tenancy_ref, certificate, payload) "
                "VALUES (?, ?, ?, ?, ?)",
                (event["id"], event["type"], data.get("tenancyReference"),
                 data.get("certificateNumber"), json.dumps(event)))
            self.db.commit()
            return cur.rowcount == 1


class CallbackHandler(BaseHTTPRequestHandler):
    server_version = "deposit-callbacks/1.4"
    secret = b""
    store = None

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)

    def _reply(self, code, body=None):
        raw = json.dumps(body or {}).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_GET(self):
        if self.path == "/healthz":
            return self._reply(200, {"ok": True})
        self._reply(404)

    def do_POST(self):
        if self.path != "/callbacks/deposit":
            return self._reply(404)
        length = int(self.headers.get("Content-Length", "0"))
        if not 0 < length <= MAX_BODY:
            return self._reply(413)
        body = self.rfile.read(length)
        expected = hmac.new(self.secret, body, hashlib.sha256).hexdigest()
        supplied = self.headers.get("X-Scheme-Signature", "").removeprefix("sha256=")
        if not hmac.compare_digest(expected, supplied):
            log.warning("bad signature from %s", self.client_address[0])
            return self._reply(401)
        try:
            event = json.loads(body)
            if event["type"] not in KNOWN_EVENTS:
                return self._reply(202, {"ignored": event["type"]})
            new = self.store.add(event)
        except (ValueError, KeyError) as exc:
            return self._reply(400, {"error": str(exc)})
        log.info("%s %s (%s)", event["type"], event["id"], "new" if new else "duplicate")
        self._reply(200, {"stored": new})


def make_server(bind, port, cert, key):
    server = ThreadingHTTPServer((bind, port), CallbackHandler)
    if cert:
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.load_cert_chain(cert, key)
        server.socket = ctx.wrap_socket(server.socket, server_side=True)
    return server


def become(account, group=None):
    """Continue as the service account once the socket and key are loaded."""
    if os.geteuid() != 0:
        log.info("not started as root, staying uid %d", os.geteuid())
        return
    entry = pwd.getpwnam(account)
    gid = grp.getgrnam(group).gr_gid if group else entry.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(entry.pw_uid)
    os.environ.update(HOME=entry.pw_dir, USER=account, LOGNAME=account)
    os.umask(0o027)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("still running as root")
    log.info("running as %s (uid %d gid %d)", account, entry.pw_uid, gid)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Deposit scheme callback receiver")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--user", default="lettings")
    ap.add_argument("--group")
    ap.add_argument("--cert")
    ap.add_argument("--key")
    ap.add_argument("--db", default="/srv/lettings/deposits.db")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("DEPOSIT_WEBHOOK_SECRET")
    if not secret:
        log.error("DEPOSIT_WEBHOOK_SECRET is not set")
        return 2
    CallbackHandler.secret = secret.encode()

    try:
        server = make_server(args.bind, args.port, args.cert, args.key)
    except (OSError, ssl.SSLError) as exc:
        log.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    try:
        become(args.user, args.group)
    except (KeyError, OSError, RuntimeError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        server.server_close()
        return 1
    CallbackHandler.store = EventStore(args.db)

    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

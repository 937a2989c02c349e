#!/usr/bin/env python3
"""Receive claim-status webhooks from pet insurers.

Insurers POST a signed JSON document whenever a claim moves between
states (received, assessing, approved, paid, declined).  Verified events
are appended to ./state/claim_events.jsonl, which the practice management
sync job picks up.

The insurers only call port 443, so the receiver binds the port at start-up
and then continues as the unprivileged service account.
"""
from __future__ import annotations

import argparse
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
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("claims_webhook")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_write_lock = threading.Lock()


def become(account: str) -> None:
    """Continue as *account* once the listening socket is open."""
    pw = pwd.getpwnam(account)
    gid, uid = pw.pw_gid, pw.pw_uid
    extra = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(extra)
    for fn, ident in ((_libc.setresgid, gid), (_libc.setresuid, uid)):
        if fn(ident, ident, ident) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid=%d gid=%d)", account, uid, gid)


class WebhookHandler(BaseHTTPRequestHandler):
    secrets: dict[str, bytes] = {}
    events_path: Path = Path("state/claim_events.jsonl")
    server_version = "claims-webhook/1.2"

    def _reply(self, code: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):  # noqa: N802
        insurer = self.path.strip("/").split("/")[-1]
        secret = self.secrets.get(insurer)
        if secret is None:
            return self._reply(404, {"error": "unknown insurer"})
        length = int(self.headers.get("Content-Length", "0"))
        if length > 256 * 1024:
            return self._reply(413, {"error": "too large"})
        body = self.rfile.read(length)
        expected = hmac.new(secret, body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, self.headers.get("X-Signature", "")):
            log.warning("bad signature from %s (%s)", insurer, self.client_address[0])
            return self._reply(401, {"error": "bad signature"})
        try:
            event = json.loads(body)
            record = {"insurer": insurer, "claim_id": event["claim_id"],
                      "status": event["status"], "amount": event.get("amount_paid"),
                      "at": event.get("timestamp")}
        except (ValueError, KeyError) as exc:
            return self._reply(400, {"error": f"malformed event: {exc}"})
        with _write_lock, self.events_path.open("a") as fh:
            fh.write(json.dumps(record) + "\n")
        log.info("%s claim %s -> %s", insurer, record["claim_id"], record["status"])
        return self._reply(202, {"ok": True})

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def load_secrets(path: Path) -> dict[str, bytes]:
    doc = json.loads(path.read_text())
    return {name: value.encode() for name, value in doc.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Insurer claim-status webhook receiver")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="/srv/claims/tls/fullchain.pem")
    ap.add_argument("--key", default="/srv/claims/tls/privkey.pem")
    ap.add_argument("--secrets", type=Path, default=Path("/srv/claims/insurer_secrets.json"))
    ap.add_argument("--user", default="claims")
    ap.add_argument("--workdir", type=Path, default=Path("/srv/claims"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    WebhookHandler.secrets = load_secrets(args.secrets)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(args.cert, args.key)

    httpd = ThreadingHTTPServer((args.listen, args.port), WebhookHandler)
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)

    if os.geteuid() == 0:
        try:
            become(args.user)
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.user, exc)
            return 1
    os.chdir(args.workdir)
    WebhookHandler.events_path.parent.mkdir(parents=True, exist_ok=True)

    log.info("listening on %s:%d", args.listen, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Local inbox for Matrix appservice-style webhooks.

A reverse proxy on this host forwards signed webhook calls to this process,
which verifies the HMAC signature and appends each event to a JSON-lines
file in the working directory for the notification relay to pick up.
"""
import argparse
import hashlib
import hmac
import json
import logging
import os
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("hook-inbox")
MAX_BODY = 256 * 1024


class InboxConfig:
    def __init__(self, secret: bytes, outfile: Path):
        self.secret = secret
        self.outfile = outfile


def make_handler(cfg: InboxConfig):
    class HookHandler(BaseHTTPRequestHandler):
        server_version = "hook-inbox/1.2"

        def _reply(self, code: int, message: str):
            body = json.dumps({"status": message}).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length <= 0 or length > MAX_BODY:
                return self._reply(413, "bad length")
            raw = self.rfile.read(length)
            sent = self.headers.get("X-Signature-256", "").removeprefix("sha256=")
            expected = hmac.new(cfg.secret, raw, hashlib.sha256).hexdigest()
            if not hmac.compare_digest(sent, expected):
                log.warning("rejected unsigned call from %s", self.client_address[0])
                return self._reply(401, "bad signature")
            try:
                event = json.loads(raw)
            except json.JSONDecodeError:
                return self._reply(400, "invalid json")
            record = {"received": time.time(), "path": self.path, "event": event}
            with cfg.outfile.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(record) + "\n")
            return self._reply(202, "queued")

        def do_GET(self):
            if self.path == "/healthz":
                return self._reply(200, "ok")
            return self._reply(404, "not found")

        def log_message(self, fmt, *args):
            log.info("%s " + fmt, self.client_address[0], *args)

    return HookHandler


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8787)
    ap.add_argument("--out", type=Path, default=Path("inbox.jsonl"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    secret = os.environ.get("HOOK_SECRET")
    if not secret:
        raise SystemExit("HOOK_SECRET must be set")
    args.out.touch(exist_ok=True)
    os.chmod(args.out, 0o600)

    cfg = InboxConfig(secret.encode(), args.out)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(cfg))
    log.info("listening on 127.0.0.1:%d, writing to %s", args.port, args.out)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

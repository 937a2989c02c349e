#!/usr/bin/env python3
"""Listener for Forgejo push webhooks that feed the Matrix notification relay.

Forgejo instances on the office network call this process directly; it
verifies the HMAC signature and appends each event to a JSON-lines file in
the working directory for the relay to pick up.
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

log = logging.getLogger("forgejo-hooks")
MAX_BODY = 256 * 1024
LISTEN_ADDR = "0.0.0.0"


class ListenerConfig:
    def __init__(self, secret: bytes, outfile: Path):
        self.secret = secret
        self.outfile = outfile


def make_handler(cfg: ListenerConfig):
    class PushHandler(BaseHTTPRequestHandler):
        server_version = "forgejo-hooks/0.9"

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
            sent = self.headers.get("X-Forgejo-Signature", "")
            expected = hmac.new(cfg.secret, raw, hashlib.sha256).hexdigest()
            if not hmac.compare_digest(sent, expected):
                log.warning("rejected unsigned call from %s", self.client_address[0])
                return self._reply(401, "bad signature")
            try:
                event = json.loads(raw)
            except json.JSONDecodeError:
                return self._reply(400, "invalid json")
            record = {
                "received": time.time(),
                "event": self.headers.get("X-Forgejo-Event", "push"),
                "repo": event.get("repository", {}).get("full_name"),
                "payload": event,
            }
            with cfg.outfile.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(record) + "\n")
            return self._reply(202, "queued")

        def do_GET(self):
            if self.path == "/healthz":
                return self._reply(200, "ok")
            return self._reply(404, "not found")

        def log_message(self, fmt, *args):
            log.info("%s " + fmt, self.client_address[0], *args)

    return PushHandler


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8787)
    ap.add_argument("--out", type=Path, default=Path("forgejo_events.jsonl"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    secret = os.environ.get("FORGEJO_HOOK_SECRET")
    if not secret:
        raise SystemExit("FORGEJO_HOOK_SECRET must be set")
    args.out.touch(exist_ok=True)
    os.chmod(args.out, 0o600)

    cfg = ListenerConfig(secret.encode(), args.out)
    server = ThreadingHTTPServer((LISTEN_ADDR, args.port), make_handler(cfg))
    log.info("listening on %s:%d, writing to %s", LISTEN_ADDR, args.port, args.out)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

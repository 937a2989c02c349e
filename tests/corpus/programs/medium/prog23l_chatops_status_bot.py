#!/usr/bin/env python3
"""ChatOps slash-command endpoint: /deploys and /oncall for Slack.

Slack posts form-encoded slash commands here; the bot answers from
deploys.json (written by the CD pipeline) and oncall.json.
"""
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from urllib.parse import parse_qs

SIGNING_SECRET = os.environ["SLACK_SIGNING_SECRET"].encode()
DEPLOYS = Path(os.environ.get("DEPLOYS_FILE", "deploys.json"))
ONCALL = Path(os.environ.get("ONCALL_FILE", "oncall.json"))
PORT = int(os.environ.get("PORT", "8088"))


def verify(headers, body: bytes) -> bool:
    ts = headers.get("X-Slack-Request-Timestamp", "0")
    if abs(time.time() - int(ts)) > 300:
        return False
    base = b"v0:" + ts.encode() + b":" + body
    expected = "v0=" + hmac.new(SIGNING_SECRET, base, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, headers.get("X-Slack-Signature", ""))


def deploys_reply(args: str) -> dict:
    data = json.loads(DEPLOYS.read_text()) if DEPLOYS.exists() else []
    service = args.strip()
    if service:
        data = [d for d in data if d["service"] == service]
    lines = [f"*{d['service']}* `{d['version']}` to {d['env']} "
             f"by {d['author']} ({d['when']})" for d in data[-8:]]
    return {"response_type": "in_channel",
            "text": "\n".join(lines) or "no deploys recorded"}


def oncall_reply(_args: str) -> dict:
    data = json.loads(ONCALL.read_text()) if ONCALL.exists() else {}
    week = time.strftime("%G-W%V")
    person = data.get(week, "nobody scheduled")
    return {"response_type": "ephemeral", "text": f"On call for {week}: {person}"}


COMMANDS = {"/deploys": deploys_reply, "/oncall": oncall_reply}


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        if not verify(self.headers, body):
            self.send_error(401, "bad signature")
            return
        form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
        handler = COMMANDS.get(form.get("command", ""))
        if handler is None:
            reply = {"response_type": "ephemeral", "text": "unknown command"}
        else:
            reply = handler(form.get("text", ""))
        payload = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self):
        if self.path == "/healthz":
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"ok")
        else:
            self.send_error(404)

    def log_message(self, fmt, *args):
        print("%s %s" % (self.address_string(), fmt % args))


def main() -> None:
    server = HTTPServer(("0.0.0.0", PORT), Handler)
    print(f"chatops bot listening on port {PORT}")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()

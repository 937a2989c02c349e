#!/usr/bin/env python3
"""Receive Todoist webhooks and append completed tasks to a local journal.

Started by root from the box's init so it can bind port 80 on loopback (the
cloudflared tunnel forwards https://hooks.example.net -> 127.0.0.1:80), then
permanently drops to an unprivileged account before handling any request.

Webhook bodies are authenticated with the app's client secret
(X-Todoist-Hmac-SHA256), read from TODOIST_CLIENT_SECRET.
"""
import argparse
import base64
import grp
import hashlib
import hmac
import json
import logging
import os
import pwd
import sys
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("todoist-hooks")
MAX_BODY = 256 * 1024


def drop_privileges(user, group=None):
    if os.getuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d, gid %d)", user, pw.pw_uid, gid)


class HookHandler(BaseHTTPRequestHandler):
    secret = b""
    journal = "completed.jsonl"

    def _reply(self, code, text=""):
        self.send_response(code)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        if text:
            self.wfile.write(text.encode())

    def _verify(self, body):
        sent = self.headers.get("X-Todoist-Hmac-SHA256", "")
        mac = hmac.new(self.secret, body, hashlib.sha256).digest()
        return hmac.compare_digest(base64.b64encode(mac).decode(), sent)

    def do_POST(self):
        if self.path != "/todoist":
            return self._reply(404)
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > MAX_BODY:
            return self._reply(413)
        body = self.rfile.read(length)
        if not self._verify(body):
            log.warning("bad signature from %s", self.client_address[0])
            return self._reply(401)
        try:
            event = json.loads(body)
        except ValueError:
            return self._reply(400)
        if event.get("event_name") == "item:completed":
            item = event.get("event_data", {})
            record = {
                "at": datetime.now(timezone.utc).isoformat(),
                "task": item.get("content"),
                "project": item.get("project_id"),
                "labels": item.get("labels", []),
            }
            with open(self.journal, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(record) + "\n")
            log.info("completed: %s", record["task"])
        self._reply(200, "ok")

    def log_message(self, fmt, *args):
        log.debug("%s - " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="todohook")
    ap.add_argument("--group")
    ap.add_argument("--journal", default="/var/lib/todohook/completed.jsonl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("TODOIST_CLIENT_SECRET")
    if not secret:
        log.error("TODOIST_CLIENT_SECRET not set")
        return 2
    HookHandler.secret = secret.encode()
    HookHandler.journal = args.journal

    server = HTTPServer((args.bind, args.port), HookHandler)
    try:
        drop_privileges(args.user, args.group)
    except (KeyError, PermissionError, RuntimeError) as exc:
        log.error("refusing to serve: %s", exc)
        server.server_close()
        return 1
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

#!/usr/bin/env python3
"""Mattermost slash-command endpoint: /svc.

Lets the on-call channel restart or inspect a short list of services on
this host: "/svc restart worker", "/svc status api".  The endpoint sits
behind the local reverse proxy and answers with the command's output.
The bot user has a sudoers entry for these units.
"""

import argparse
import hmac
import json
import logging
import os
import subprocess
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

log = logging.getLogger("svc-slash")

UNITS = {
    "api": "acme-api.service",
    "worker": "acme-worker.service",
    "scheduler": "acme-scheduler.service",
    "nginx": "nginx.service",
}
VERBS = ("status", "restart", "reload")
ALLOWED_USERS = set(filter(None, os.environ.get("SVC_ALLOWED_USERS", "").split(",")))


def build_argv(verb: str, unit: str) -> list:
    base = ["sudo", "-n", "/usr/bin/systemctl"]
    if verb == "status":
        return base + ["status", "--no-pager", "--lines=5", unit]
    return base + [verb, unit]


def run(verb: str, unit: str) -> str:
    argv = build_argv(verb, unit)
    log.info("running %s", " ".join(argv))
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"failed: {exc}"
    out = (proc.stdout + proc.stderr).strip()
    if proc.returncode == 0 and verb != "status":
        out = out or f"{unit} {verb}ed"
    return out[:3500] or f"exit code {proc.returncode}"


def usage() -> str:
    return ("Usage: `/svc <status|restart|reload> <service>`; services: "
            + ", ".join(f"`{k}`" for k in sorted(UNITS)))


class SlashHandler(BaseHTTPRequestHandler):
    server_version = "svc-slash/0.9"
    expected_token = ""

    def _reply(self, status: int, payload: dict) -> None:
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):  # noqa: N802
        length = int(self.headers.get("Content-Length", "0") or 0)
        form = parse_qs(self.rfile.read(min(length, 65536)).decode("utf-8", "replace"))
        if not hmac.compare_digest(form.get("token", [""])[0], self.expected_token):
            self._reply(403, {"text": "invalid token"})
            return
        user = form.get("user_name", ["?"])[0]
        words = form.get("text", [""])[0].split()
        if len(words) != 2 or words[0] not in VERBS or words[1] not in UNITS:
            self._reply(200, {"response_type": "ephemeral", "text": usage()})
            return
        verb, svc = words
        if verb != "status" and ALLOWED_USERS and user not in ALLOWED_USERS:
            self._reply(200, {"response_type": "ephemeral",
                              "text": f"@{user} is not allowed to {verb} services"})
            return
        output = run(verb, UNITS[svc])
        self._reply(200, {
            "response_type": "in_channel",
            "text": f"@{user} ran `{verb} {svc}`:\n```\n{output}\n```",
        })

    def log_message(self, fmt, *args):
        log.debug("%s - " + fmt, self.client_address[0], *args)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8086)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("MM_SLASH_TOKEN")
    if not token:
        log.error("MM_SLASH_TOKEN must be set")
        return 2
    SlashHandler.expected_token = token
    httpd = ThreadingHTTPServer((args.bind, args.port), SlashHandler)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

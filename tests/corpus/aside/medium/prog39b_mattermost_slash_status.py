#!/usr/bin/env python3
"""Mattermost slash-command endpoint: /hoststatus.

Mattermost POSTs the slash command as a form to this endpoint; the
handler checks the command token and answers with the output of a small
set of read-only diagnostic commands on this build host.
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

log = logging.getLogger("hoststatus")

# sub-command -> argv; nothing here needs privileges
ACTIONS = {
    "uptime": ["uptime"],
    "disk": ["df", "-h", "--output=target,size,used,avail,pcent", "-x", "tmpfs"],
    "mem": ["free", "-m"],
    "load": ["cat", "/proc/loadavg"],
    "builds": ["git", "-C", os.environ.get("BUILD_REPO", "."), "log",
               "--oneline", "-n", "10"],
}
CMD_TIMEOUT = 10


def run_action(name: str) -> str:
    argv = ACTIONS[name]
    try:
        proc = subprocess.run(argv, capture_output=True, text=True,
                              timeout=CMD_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"error running {name}: {exc}"
    out = proc.stdout.strip() or proc.stderr.strip()
    return out[:3500]


def help_text() -> str:
    names = ", ".join(f"`{n}`" for n in sorted(ACTIONS))
    return f"Usage: `/hoststatus <action>` where action is one of {names}"


class SlashHandler(BaseHTTPRequestHandler):
    server_version = "hoststatus/1.2"
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
        token = form.get("token", [""])[0]
        if not self.expected_token or not hmac.compare_digest(token, self.expected_token):
            log.warning("rejected request from %s", self.client_address[0])
            self._reply(403, {"text": "invalid token"})
            return
        user = form.get("user_name", ["?"])[0]
        text = form.get("text", [""])[0].strip().lower()
        action = text.split()[0] if text else ""
        if action not in ACTIONS:
            self._reply(200, {"response_type": "ephemeral", "text": help_text()})
            return
        log.info("%s requested %s", user, action)
        output = run_action(action)
        self._reply(200, {
            "response_type": "in_channel",
            "text": f"`{action}` on {os.uname().nodename}:\n```\n{output}\n```",
        })

    def do_GET(self):  # noqa: N802
        self._reply(200, {"ok": True})

    def log_message(self, fmt, *args):
        log.debug("%s - " + fmt, self.client_address[0], *args)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8085)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("MM_SLASH_TOKEN", "")
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

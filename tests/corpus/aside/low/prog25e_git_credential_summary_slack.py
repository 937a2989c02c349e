#!/usr/bin/env python3
"""git-cred-summary - count plaintext git/netrc credentials and report to Slack.

Scans ~/.git-credentials (the `store` helper file) and ~/.netrc for stored
credentials, classifies them by token type, and posts only the totals to the
security channel. Hosts, user names and secret values are never included in
the message; the user is told locally which entries to rotate.
"""

import argparse
import logging
import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List
from urllib.parse import urlsplit

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

LOG = logging.getLogger("git-cred-summary")

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
    kind: str


def classify(secret: str) -> str:
    for name, pattern in TOKEN_PATTERNS.items():
        if pattern.match(secret):
            return name
    return "password"


def parse_git_credentials(path: Path) -> List[StoredCredential]:
    creds = []
    if not path.exists():
        return creds
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = urlsplit(line.strip())
        if parts.hostname and parts.password:
            creds.append(StoredCredential("git-credentials", parts.hostname, classify(parts.password)))
    return creds


def parse_netrc(path: Path) -> List[StoredCredential]:
    creds = []
    if not path.exists():
        return creds
    tokens = path.read_text(encoding="utf-8", errors="replace").split()
    entry: Dict[str, str] = {}

    def flush() -> None:
        if entry.get("password"):
            creds.append(StoredCredential("netrc", entry.get("machine", "default"),
                                          classify(entry["password"])))

    for key, value in zip(tokens[::2], tokens[1::2]):
        if key in ("machine", "default") and entry:
            flush()
            entry.clear()
        entry[key] = value
    flush()
    return creds


def summary_text(creds: List[StoredCredential], netrc_mode_ok: bool) -> str:
    by_kind = Counter(c.kind for c in creds)
    by_source = Counter(c.source for c in creds)
    lines = [f"*Plaintext credential audit*: {len(creds)} stored credential(s)"]
    for source, count in sorted(by_source.items()):
        lines.append(f"• {source}: {count}")
    for kind, count in sorted(by_kind.items()):
        lines.append(f"• type {kind}: {count}")
    lines.append(f"• ~/.netrc permissions ok: {'yes' if netrc_mode_ok else 'no'}")
    return "\n".join(lines)


def netrc_permissions_ok(path: Path) -> bool:
    if not path.exists():
        return True
    return (path.stat().st_mode & 0o077) == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", default=os.environ.get("AUDIT_SLACK_CHANNEL", "#sec-cred-audit"))
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    creds = parse_git_credentials(GIT_CREDENTIALS) + parse_netrc(NETRC)
    for cred in creds:
        print(f"rotate: {cred.source:<16} {cred.host:<30} {cred.kind}")

    text = summary_text(creds, netrc_permissions_ok(NETRC))
    print(text)
    if args.no_post:
        return 0

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        LOG.error("SLACK_BOT_TOKEN not set (use --no-post for a local run)")
        return 1
    try:
        WebClient(token=token).chat_postMessage(channel=args.channel, text=text)
    except SlackApiError as exc:
        LOG.error("slack error: %s", exc.response.get("error"))
        return 2
    LOG.info("summary posted to %s", args.channel)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

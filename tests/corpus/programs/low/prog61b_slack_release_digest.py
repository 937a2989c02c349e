#!/usr/bin/env python3
"""Post a release digest for the current project to a Slack channel.

Collects the changelog section for the version being released plus the
artifact checksums produced by the build in ./dist, and uploads them to
Slack using the bot token from the environment.
"""
import argparse
import hashlib
import logging
import os
import queue
import sys
import threading
from pathlib import Path

import requests

SLACK_API = "https://slack.com/api"
log = logging.getLogger("release-digest")


def changelog_section(path: Path, version: str) -> str:
    """Return the text between '## <version>' and the next '## ' heading."""
    lines, capture = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if capture:
                break
            capture = line[3:].strip().lstrip("v") == version.lstrip("v")
            continue
        if capture:
            lines.append(line)
    return "\n".join(lines).strip()


def artifact_checksums(dist: Path) -> list:
    rows = []
    for item in sorted(dist.glob("*")):
        if item.is_file():
            digest = hashlib.sha256(item.read_bytes()).hexdigest()
            rows.append(f"{digest}  {item.name}")
    return rows


class SlackUploader(threading.Thread):
    """Drains a queue of (title, body) tuples and uploads each as a snippet."""

    def __init__(self, token: str, channel: str, jobs: queue.Queue):
        super().__init__(daemon=True)
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self.channel = channel
        self.jobs = jobs
        self.failures = 0

    def run(self):
        while True:
            item = self.jobs.get()
            if item is None:
                self.jobs.task_done()
                return
            title, body = item
            try:
                resp = self.session.post(
                    f"{SLACK_API}/files.upload",
                    data={"channels": self.channel, "title": title,
                          "content": body, "filetype": "text"},
                    timeout=20,
                )
                payload = resp.json()
                if not payload.get("ok"):
                    raise RuntimeError(payload.get("error", "unknown"))
                log.info("uploaded %s", title)
            except (requests.RequestException, RuntimeError) as exc:
                self.failures += 1
                log.error("upload of %s failed: %s", title, exc)
            finally:
                self.jobs.task_done()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("version")
    ap.add_argument("--channel", default=os.environ.get("RELEASE_CHANNEL", "#releases"))
    ap.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    ap.add_argument("--dist", type=Path, default=Path("dist"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        log.error("SLACK_BOT_TOKEN is not set")
        return 2

    jobs: queue.Queue = queue.Queue()
    uploader = SlackUploader(token, args.channel, jobs)
    uploader.start()

    notes = changelog_section(args.changelog, args.version)
    jobs.put((f"Release notes {args.version}", notes or "(no changelog entry)"))
    if args.dist.is_dir():
        jobs.put((f"SHA256SUMS {args.version}", "\n".join(artifact_checksums(args.dist))))
    jobs.put(None)
    jobs.join()
    return 1 if uploader.failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Drain CI events from a local spool and mirror them onto GitHub issues.

Each line of ./spool/events.jsonl is an event like
  {"type": "build_failed", "repo": "acme/api", "issue": 42, "job": "lint"}
The router looks up ``on_<type>`` on the Router object; unknown types are
skipped.  Comments are posted to api.github.com using GITHUB_TOKEN.
"""
import argparse
import json
import logging
import os
import pathlib
import sys
import urllib.error
import urllib.request

API_ROOT = "https://api.github.com"
log = logging.getLogger("ci-router")


class GitHubClient:
    def __init__(self, token, timeout=15):
        self._token = token
        self._timeout = timeout

    def comment(self, repo, issue, body):
        url = f"{API_ROOT}/repos/{repo}/issues/{int(issue)}/comments"
        payload = json.dumps({"body": body}).encode("utf-8")
        req = urllib.request.Request(url, data=payload, method="POST")
        req.add_header("Authorization", f"Bearer {self._token}")
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=self._timeout) as resp:
            return resp.status


class Router:
    def __init__(self, client, dry_run=False):
        self.client = client
        self.dry_run = dry_run

    def dispatch(self, event):
        handler = getattr(self, "on_" + str(event.get("type", "")), None)
        if handler is None:
            log.debug("no handler for %s", event.get("type"))
            return False
        handler(event)
        return True

    def _post(self, event, text):
        if self.dry_run:
            log.info("[dry-run] %s#%s: %s", event["repo"], event["issue"], text)
            return
        status = self.client.comment(event["repo"], event["issue"], text)
        log.info("commented on %s#%s (%s)", event["repo"], event["issue"], status)

    def on_build_failed(self, event):
        self._post(event, f":x: job `{event.get('job', '?')}` failed on {event.get('sha', 'HEAD')[:8]}")

    def on_build_fixed(self, event):
        self._post(event, f":white_check_mark: job `{event.get('job', '?')}` is green again")

    def on_coverage_drop(self, event):
        self._post(event, f"Coverage dropped to {event.get('pct', 0):.1f}%")


def read_spool(path):
    with path.open() as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                log.warning("bad event on line %d", lineno)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", type=pathlib.Path, default=pathlib.Path("spool/events.jsonl"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    token = os.environ.get("GITHUB_TOKEN")
    if not token and not args.dry_run:
        log.error("GITHUB_TOKEN is not set")
        return 2
    router = Router(GitHubClient(token), dry_run=args.dry_run)
    handled = skipped = 0
    for event in read_spool(args.spool):
        try:
            if router.dispatch(event):
                handled += 1
            else:
                skipped += 1
        except (urllib.error.URLError, KeyError) as exc:
            log.error("event %s failed: %s", event, exc)
    log.info("handled=%d skipped=%d", handled, skipped)
    if not args.dry_run:
        args.spool.rename(args.spool.with_suffix(".done"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

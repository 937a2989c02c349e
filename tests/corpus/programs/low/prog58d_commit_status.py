#!/usr/bin/env python3
"""Report a CI result as a GitHub commit status.

Reads the token from GITHUB_TOKEN and sends it only to the GitHub REST API
as the Authorization header of the status request.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request

API_ROOT = "https://api.github.com"
VALID_STATES = ("error", "failure", "pending", "success")
log = logging.getLogger("commit-status")


class StatusClient:
    def __init__(self, repo, token, api_root=API_ROOT, timeout=15):
        if "/" not in repo:
            raise ValueError("repo must look like owner/name")
        self.repo = repo
        self.api_root = api_root.rstrip("/")
        self.timeout = timeout
        self._headers = {
            "Accept": "application/vnd.github+json",
            "Authorization": f"Bearer {token}",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "ci-commit-status/1.3",
        }

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode("utf-8") if body is not None else None
        req = urllib.request.Request(self.api_root + path, data=data,
                                     headers=self._headers, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read().decode("utf-8") or "{}")

    def set_status(self, sha, state, context, description, target_url=None):
        body = {"state": state, "context": context, "description": description[:140]}
        if target_url:
            body["target_url"] = target_url
        return self._request("POST", f"/repos/{self.repo}/statuses/{sha}", body)

    def combined(self, sha):
        return self._request("GET", f"/repos/{self.repo}/commits/{sha}/status")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY", ""))
    p.add_argument("--sha", default=os.environ.get("GITHUB_SHA", ""))
    p.add_argument("--state", choices=VALID_STATES, required=True)
    p.add_argument("--context", default="ci/build")
    p.add_argument("--description", default="")
    p.add_argument("--target-url")
    p.add_argument("--show-combined", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    args = parse_args(argv)
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set")
        return 2
    if not args.repo or not args.sha:
        log.error("--repo and --sha are required outside GitHub Actions")
        return 2

    client = StatusClient(args.repo, token)
    try:
        result = client.set_status(args.sha, args.state, args.context,
                                   args.description or f"{args.context}: {args.state}",
                                   args.target_url)
        log.info("status %s set on %s (id %s)", args.state, args.sha[:10], result.get("id"))
        if args.show_combined:
            combined = client.combined(args.sha)
            for st in combined.get("statuses", []):
                log.info("  %-24s %s", st.get("context"), st.get("state"))
    except urllib.error.HTTPError as exc:
        log.error("GitHub API returned %s: %s", exc.code, exc.reason)
        return 1
    except urllib.error.URLError as exc:
        log.error("network error: %s", exc.reason)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Keyword-based issue labeler for the project's GitHub repository.

Reads open issues that have no labels yet, matches their title and body
against the rules in ``triage-rules.json`` and applies the matching labels
through the GitHub REST API.  Meant to run from a scheduled workflow with
``GITHUB_TOKEN`` provided by Actions.
"""
import argparse
import json
import logging
import os
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("labeler")

API_ROOT = "https://api.github.com"
DEFAULT_RULES = {
    "bug": [r"\btraceback\b", r"\bcrash(es|ed)?\b", r"\bregression\b"],
    "docs": [r"\bdocs?\b", r"\breadme\b", r"\btypo\b"],
    "performance": [r"\bslow\b", r"\bmemory (leak|usage)\b"],
    "question": [r"^how (do|can) i\b", r"\?$"],
    "packaging": [r"\bwheel\b", r"\bsdist\b", r"\bpip install\b"],
}


class GitHub:
    """Tiny client for the handful of endpoints the labeler needs."""

    def __init__(self, repo, token, timeout=15):
        self.repo = repo
        self.token = token
        self.timeout = timeout

    def _call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(API_ROOT + path, data=data, method=method)
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("Authorization", "Bearer " + self.token)
        req.add_header("X-GitHub-Api-Version", "2022-11-28")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        for attempt in range(3):
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    payload = resp.read()
                    return json.loads(payload) if payload else None
            except urllib.error.HTTPError as exc:
                if exc.code in (502, 503) and attempt < 2:
                    time.sleep(2 ** attempt)
                    continue
                raise

    def unlabeled_issues(self, limit=100):
        items = self._call("GET", f"/repos/{self.repo}/issues?state=open&per_page={limit}")
        for item in items or []:
            if "pull_request" in item or item.get("labels"):
                continue
            yield item

    def add_labels(self, number, labels):
        return self._call("POST", f"/repos/{self.repo}/issues/{number}/labels",
                          {"labels": sorted(labels)})


def load_rules(path):
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
        log.debug("loaded %d rules from %s", len(raw), path)
    else:
        raw = DEFAULT_RULES
    return {label: [re.compile(p, re.I | re.M) for p in pats] for label, pats in raw.items()}


def classify(issue, rules):
    text = "%s\n%s" % (issue.get("title", ""), issue.get("body") or "")
    return {label for label, pats in rules.items() if any(p.search(text) for p in pats)}


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY", ""))
    ap.add_argument("--rules", default="triage-rules.json")
    ap.add_argument("--summary", default="triage-summary.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    token = os.environ.get("GITHUB_TOKEN")
    if not token or not args.repo:
        log.error("GITHUB_TOKEN and --repo/GITHUB_REPOSITORY are required")
        return 2

    gh = GitHub(args.repo, token)
    rules = load_rules(args.rules)
    applied = {}
    for issue in gh.unlabeled_issues():
        labels = classify(issue, rules)
        if not labels:
            continue
        applied[issue["number"]] = sorted(labels)
        if args.dry_run:
            log.info("#%s would get %s", issue["number"], ", ".join(sorted(labels)))
            continue
        try:
            gh.add_labels(issue["number"], labels)
            log.info("#%s labelled %s", issue["number"], ", ".join(sorted(labels)))
        except urllib.error.HTTPError as exc:
            log.warning("#%s: labelling failed (%s)", issue["number"], exc.code)

    Path(args.summary).write_text(json.dumps(applied, indent=2) + "\n", encoding="utf-8")
    log.info("labelled %d issue(s); summary in %s", len(applied), args.summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())

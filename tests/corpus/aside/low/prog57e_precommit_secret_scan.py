#!/usr/bin/env python3
"""pre-commit hook: refuse commits that add credentials to the repository.

Wired up via .pre-commit-config.yaml as a `language: python` hook; the
framework passes the staged file names as positional arguments.
"""
import argparse
import hashlib
import json
import logging
import re
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("secret-scan")

PATTERNS = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-webhook": re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9/]+"),
    "private-key-block": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"),
    "generic-password": re.compile(r"(?i)\b(passw(or)?d|secret)\s*[:=]\s*['\"][^'\"]{8,}['\"]"),
}
SKIP_SUFFIXES = {".png", ".jpg", ".gif", ".lock", ".min.js", ".svg"}
BASELINE = Path(".secrets-baseline.json")


@dataclass
class Finding:
    path: str
    line: int
    rule: str
    fingerprint: str


def fingerprint(path: str, rule: str, text: str) -> str:
    digest = hashlib.sha256(f"{path}:{rule}:{text}".encode()).hexdigest()
    return digest[:16]


def scan_file(path: Path) -> list[Finding]:
    if path.suffix in SKIP_SUFFIXES or not path.is_file():
        return []
    try:
        content = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError) as exc:
        log.debug("skipping %s: %s", path, exc)
        return []
    found = []
    for lineno, line in enumerate(content.splitlines(), start=1):
        if "secret-scan: allow" in line:
            continue
        for rule, rx in PATTERNS.items():
            m = rx.search(line)
            if m:
                found.append(Finding(str(path), lineno, rule,
                                     fingerprint(str(path), rule, m.group(0))))
    return found


def load_baseline() -> set[str]:
    if not BASELINE.exists():
        return set()
    data = json.loads(BASELINE.read_text())
    return {item["fingerprint"] for item in data.get("accepted", [])}


def write_baseline(findings: list[Finding]) -> None:
    payload = {"version": 1, "accepted": [asdict(f) for f in findings]}
    BASELINE.write_text(json.dumps(payload, indent=2) + "\n")
    log.info("wrote %d entries to %s", len(findings), BASELINE)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--update-baseline", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")

    findings = [f for p in args.files for f in scan_file(p)]
    if args.update_baseline:
        write_baseline(findings)
        return 0

    accepted = load_baseline()
    new = [f for f in findings if f.fingerprint not in accepted]
    for f in new:
        print(f"{f.path}:{f.line}: possible {f.rule} (fingerprint {f.fingerprint})",
              file=sys.stderr)
    if new:
        print(f"\n{len(new)} potential secret(s) staged. Remove them, add "
              "'secret-scan: allow' on the line, or run with --update-baseline.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

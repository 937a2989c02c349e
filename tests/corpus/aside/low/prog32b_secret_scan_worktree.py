#!/usr/bin/env python3
"""Scan the current work tree for committed-looking secrets.

Findings are redacted and written to a local JSON/SARIF-ish report. File
contents are hashed (MD5, cache key only) so unchanged files are skipped on
the next run.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
from dataclasses import asdict, dataclass

LOG = logging.getLogger("secretscan")
CACHE_FILE = ".secretscan-cache.json"
SKIP_DIRS = {".git", "node_modules", ".venv", "venv", "dist", "build", ".tox"}
MAX_BYTES = 2 * 1024 * 1024

RULES = {
    "github-pat": re.compile(r"\bghp_[A-Za-z0-9]{36}\b"),
    "github-fine-grained": re.compile(r"\bgithub_pat_[A-Za-z0-9_]{60,}\b"),
    "gitlab-pat": re.compile(r"\bglpat-[A-Za-z0-9_\-]{20}\b"),
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "slack-webhook": re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9/]+"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"),
}


@dataclass
class Finding:
    rule: str
    path: str
    line: int
    preview: str


def redact(value: str) -> str:
    if len(value) <= 8:
        return "*" * len(value)
    return value[:4] + "*" * (len(value) - 8) + value[-4:]


def load_cache(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def iter_files(root, allowlist):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, root)
            if rel in allowlist or rel == CACHE_FILE:
                continue
            try:
                if os.path.getsize(full) > MAX_BYTES:
                    continue
            except OSError:
                continue
            yield full, rel


def scan_text(rel, text):
    for lineno, line in enumerate(text.splitlines(), 1):
        for rule, rx in RULES.items():
            for match in rx.finditer(line):
                yield Finding(rule, rel, lineno, redact(match.group(0)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".")
    ap.add_argument("--report", default="secretscan-report.json")
    ap.add_argument("--allowlist", default=".secretscan-allow")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    allow = set()
    if os.path.exists(args.allowlist):
        with open(args.allowlist, encoding="utf-8") as fh:
            allow = {ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")}

    cache = {} if args.no_cache else load_cache(CACHE_FILE)
    new_cache, findings, scanned = {}, [], 0
    for full, rel in iter_files(args.root, allow):
        try:
            with open(full, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            LOG.warning("skip %s: %s", rel, exc)
            continue
        key = hashlib.md5(data).hexdigest()  # cache key, not security
        new_cache[rel] = {"key": key, "findings": []}
        if cache.get(rel, {}).get("key") == key:
            cached = [Finding(**f) for f in cache[rel]["findings"]]
            findings.extend(cached)
            new_cache[rel]["findings"] = cache[rel]["findings"]
            continue
        scanned += 1
        hits = list(scan_text(rel, data.decode("utf-8", errors="ignore")))
        findings.extend(hits)
        new_cache[rel]["findings"] = [asdict(h) for h in hits]

    with open(CACHE_FILE, "w", encoding="utf-8") as fh:
        json.dump(new_cache, fh)
    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump({"findings": [asdict(f) for f in findings],
                   "files_scanned": scanned}, fh, indent=2)

    for f in findings:
        LOG.warning("%s:%d %s %s", f.path, f.line, f.rule, f.preview)
    LOG.info("%d findings, %d files rescanned, report: %s",
             len(findings), scanned, args.report)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

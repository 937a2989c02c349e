#!/usr/bin/env python3
"""Lint S3 bucket lifecycle policies exported from Terraform state.

The exporter stores each bucket's lifecycle configuration base64-encoded in
./state/buckets.json. This tool decodes them (as JSON data only), flags rules
that never expire noncurrent versions or abort multipart uploads, and writes
a report to ./build/lifecycle-report.json. Stale lint caches in ./build are
removed first.
"""
import argparse
import base64
import json
import logging
import platform
from pathlib import Path

log = logging.getLogger("lifecycle_lint")
BUILD = Path("build")


def host_description() -> str:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return f"{info.get('PRETTY_NAME', platform.system())} / py{platform.python_version()}"


def clean_build_cache() -> int:
    removed = 0
    if BUILD.is_dir():
        for stale in BUILD.glob("lint-*.cache"):
            stale.unlink()
            removed += 1
    return removed


def decode_policy(blob: str) -> dict:
    return json.loads(base64.b64decode(blob).decode("utf-8"))


def lint_rules(bucket: str, policy: dict) -> list:
    issues = []
    rules = policy.get("Rules", [])
    if not rules:
        issues.append("no lifecycle rules at all")
    enabled = [r for r in rules if r.get("Status") == "Enabled"]
    if rules and not enabled:
        issues.append("all rules are disabled")
    if not any("NoncurrentVersionExpiration" in r for r in enabled):
        issues.append("noncurrent versions never expire")
    if not any("AbortIncompleteMultipartUpload" in r for r in enabled):
        issues.append("incomplete multipart uploads are never aborted")
    for rule in enabled:
        for tr in rule.get("Transitions", []):
            if tr.get("StorageClass") == "GLACIER" and tr.get("Days", 0) < 30:
                issues.append(f"rule {rule.get('ID')}: GLACIER transition before 30 days")
    return [f"{bucket}: {i}" for i in issues]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--state", default="state/buckets.json")
    ap.add_argument("--strict", action="store_true", help="exit non-zero on findings")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    log.info("host: %s", host_description())
    log.info("removed %d stale cache files", clean_build_cache())

    buckets = json.loads(Path(args.state).read_text())
    findings, skipped = [], 0
    for name, meta in sorted(buckets.items()):
        blob = meta.get("lifecycle_b64")
        if not blob:
            findings.append(f"{name}: no lifecycle configuration")
            continue
        try:
            policy = decode_policy(blob)
        except (ValueError, UnicodeDecodeError) as exc:
            log.warning("cannot decode policy for %s: %s", name, exc)
            skipped += 1
            continue
        findings.extend(lint_rules(name, policy))

    BUILD.mkdir(exist_ok=True)
    report = BUILD / "lifecycle-report.json"
    report.write_text(json.dumps({"findings": findings, "skipped": skipped}, indent=2))
    for f in findings:
        log.warning(f)
    log.info("%d buckets, %d findings -> %s", len(buckets), len(findings), report)
    return 1 if (args.strict and findings) else 0


if __name__ == "__main__":
    raise SystemExit(main())

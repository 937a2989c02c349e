#!/usr/bin/env python3
"""Audit AWS Secrets Manager rotation hygiene without reading secret values.

Only metadata from ListSecrets/DescribeSecret is used: rotation enabled,
last rotated / last accessed dates, and owner tags.  Findings are written to
a Markdown file in the current directory for the security review.
"""

import argparse
import logging
import os
import sys
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

import boto3
from botocore.exceptions import BotoCoreError, ClientError

log = logging.getLogger("rotation-audit")


@dataclass
class Finding:
    name: str
    arn: str
    issues: list = field(default_factory=list)
    owner: str = ""

    @property
    def severity(self):
        if any("never rotated" in i for i in self.issues):
            return "high"
        return "medium" if self.issues else "ok"


class RotationAuditor:
    def __init__(self, region, max_age_days=90, stale_days=180):
        self.sm = boto3.client("secretsmanager", region_name=region)
        self.max_age = timedelta(days=max_age_days)
        self.stale = timedelta(days=stale_days)
        self.now = datetime.now(timezone.utc)

    def secrets(self):
        token = None
        while True:
            kwargs = {"MaxResults": 100}
            if token:
                kwargs["NextToken"] = token
            resp = self.sm.list_secrets(**kwargs)
            yield from resp.get("SecretList", [])
            token = resp.get("NextToken")
            if not token:
                break

    def evaluate(self, meta):
        tags = {t["Key"]: t["Value"] for t in meta.get("Tags", [])}
        f = Finding(name=meta["Name"], arn=meta["ARN"], owner=tags.get("Owner", ""))
        if not meta.get("RotationEnabled"):
            f.issues.append("rotation disabled")
        last_rot = meta.get("LastRotatedDate")
        if last_rot is None:
            f.issues.append("never rotated")
        elif self.now - last_rot > self.max_age:
            f.issues.append(f"last rotated {(self.now - last_rot).days} days ago")
        last_access = meta.get("LastAccessedDate")
        if last_access and self.now - last_access > self.stale:
            f.issues.append("not accessed recently; candidate for deletion")
        if not f.owner:
            f.issues.append("missing Owner tag")
        return f

    def run(self):
        return [self.evaluate(m) for m in self.secrets()]


def render_markdown(findings, region):
    lines = [f"# Secrets rotation audit ({region})", "",
             "| Secret | Owner | Severity | Issues |", "|---|---|---|---|"]
    for f in sorted(findings, key=lambda x: (x.severity != "high", x.name)):
        if f.severity == "ok":
            continue
        lines.append(f"| `{f.name}` | {f.owner or '-'} | {f.severity} | {'; '.join(f.issues)} |")
    ok = sum(1 for f in findings if f.severity == "ok")
    lines += ["", f"{ok} of {len(findings)} secrets compliant."]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--region", default=os.environ.get("AWS_REGION", "eu-west-1"))
    parser.add_argument("--max-age-days", type=int, default=90)
    parser.add_argument("--output", default="rotation-audit.md")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    auditor = RotationAuditor(args.region, max_age_days=args.max_age_days)
    try:
        findings = auditor.run()
    except (ClientError, BotoCoreError) as exc:
        log.error("audit failed: %s", exc)
        return 1
    with open(args.output, "w", encoding="utf-8") as fh:
        fh.write(render_markdown(findings, args.region))
    high = [f for f in findings if f.severity == "high"]
    log.info("%d secrets audited, %d high-severity findings -> %s",
             len(findings), len(high), args.output)
    return 1 if high else 0


if __name__ == "__main__":
    sys.exit(main())

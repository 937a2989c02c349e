#!/usr/bin/env python3
"""kubelint - lint a kubeconfig and write a JSON report in the working directory.

Checks every context/cluster/user entry in ~/.kube/config for common issues
(insecure-skip-tls-verify, embedded static tokens, dangling references).
Credential fields are replaced by "<redacted>" before anything is written.
"""

import argparse
import json
import logging
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Dict, List

import yaml

KUBECONFIG = Path(os.environ.get("KUBECONFIG", str(Path.home() / ".kube" / "config")))
SECRET_FIELDS = {"token", "password", "client-key-data", "client-certificate-data",
                 "id-token", "refresh-token", "client-secret"}

LOG = logging.getLogger("kubelint")


@dataclass
class Finding:
    severity: str
    kind: str
    name: str
    message: str


def redact(value):
    """Recursively replace credential fields."""
    if isinstance(value, dict):
        return {k: ("<redacted>" if k in SECRET_FIELDS else redact(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v) for v in value]
    return value


def index_by_name(items: List[Dict]) -> Dict[str, Dict]:
    return {item.get("name"): item for item in items or [] if item.get("name")}


def lint(config: Dict) -> List[Finding]:
    findings: List[Finding] = []
    clusters = index_by_name(config.get("clusters"))
    users = index_by_name(config.get("users"))

    for name, cluster in clusters.items():
        body = cluster.get("cluster", {})
        if body.get("insecure-skip-tls-verify"):
            findings.append(Finding("warning", "cluster", name, "insecure-skip-tls-verify is enabled"))
        if not str(body.get("server", "")).startswith("https://"):
            findings.append(Finding("warning", "cluster", name, "server is not https"))

    for name, user in users.items():
        body = user.get("user", {})
        if "token" in body or "password" in body:
            findings.append(Finding("warning", "user", name, "static credential embedded"))
        if "client-key-data" in body:
            findings.append(Finding("warning", "user", name, "inline client key"))
        if "exec" in body and not body["exec"].get("apiVersion"):
            findings.append(Finding("error", "user", name, "exec plugin without apiVersion"))

    for ctx in config.get("contexts") or []:
        body = ctx.get("context", {})
        cname = ctx.get("name", "?")
        if body.get("cluster") not in clusters:
            findings.append(Finding("error", "context", cname, f"unknown cluster {body.get('cluster')}"))
        if body.get("user") not in users:
            findings.append(Finding("error", "context", cname, f"unknown user {body.get('user')}"))

    current = config.get("current-context")
    if current and current not in {c.get("name") for c in config.get("contexts") or []}:
        findings.append(Finding("error", "config", "current-context", f"{current} does not exist"))
    return findings


def write_report(path: Path, source: Path, config: Dict, findings: List[Finding]) -> None:
    report = {
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "source": str(source),
        "summary": {
            "errors": sum(f.severity == "error" for f in findings),
            "warnings": sum(f.severity == "warning" for f in findings),
        },
        "findings": [asdict(f) for f in findings],
        "config": redact(config),
    }
    path.write_text(json.dumps(report, indent=2), encoding="utf-8")
    os.chmod(path, 0o600)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--kubeconfig", type=Path, default=KUBECONFIG)
    ap.add_argument("--out", type=Path, default=Path("kubelint-report.json"))
    ap.add_argument("--strict", action="store_true", help="non-zero exit on warnings")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        with args.kubeconfig.open(encoding="utf-8") as fh:
            config = yaml.safe_load(fh) or {}
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("cannot load %s: %s", args.kubeconfig, exc)
        return 1

    findings = lint(config)
    for f in findings:
        level = logging.ERROR if f.severity == "error" else logging.WARNING
        LOG.log(level, "%s %s: %s", f.kind, f.name, f.message)

    write_report(args.out, args.kubeconfig, config, findings)
    LOG.info("report written to %s (%d findings)", args.out, len(findings))
    if any(f.severity == "error" for f in findings):
        return 2
    return 1 if (args.strict and findings) else 0


if __name__ == "__main__":
    raise SystemExit(main())

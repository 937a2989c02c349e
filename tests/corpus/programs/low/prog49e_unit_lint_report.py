#!/usr/bin/env python3
"""Lint the systemd unit files kept under ./packaging/systemd and upload a
summary to the team's CI results API.

The API token is read from CI_RESULTS_TOKEN and is only sent to CI_RESULTS_URL.
"""
import argparse
import configparser
import json
import logging
import os
import sys
from pathlib import Path

import requests

logger = logging.getLogger(__name__)

CHECKS = [
    ("Service", "ExecStart", "missing ExecStart"),
    ("Service", "User", "service runs as root (no User=)"),
    ("Unit", "Description", "missing Description"),
]
HARDENING_KEYS = ("NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp")


def parse_unit(path: Path) -> configparser.ConfigParser:
    cp = configparser.ConfigParser(strict=False, interpolation=None)
    cp.optionxform = str  # systemd keys are case-sensitive
    cp.read_string(path.read_text(encoding="utf-8"), source=str(path))
    return cp


def lint(path: Path) -> dict:
    findings = []
    try:
        unit = parse_unit(path)
    except configparser.Error as exc:
        return {"file": path.name, "errors": [f"parse error: {exc}"], "warnings": []}
    for section, key, message in CHECKS:
        if not unit.has_option(section, key):
            findings.append(message)
    missing_hardening = [k for k in HARDENING_KEYS if not unit.has_option("Service", k)]
    warnings = [f"consider {k}=" for k in missing_hardening]
    return {"file": path.name, "errors": findings, "warnings": warnings}


def upload(results: list, url: str, token: str, build_id: str) -> None:
    payload = {"build": build_id, "tool": "unit-lint", "results": results}
    resp = requests.post(
        url,
        json=payload,
        headers={"Authorization": f"Bearer {token}"},
        timeout=15,
    )
    resp.raise_for_status()
    logger.info("uploaded %d result(s): HTTP %s", len(results), resp.status_code)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", type=Path, default=Path("packaging/systemd"))
    parser.add_argument("--no-upload", action="store_true")
    parser.add_argument("--json-out", type=Path, default=Path("build/unit-lint.json"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    units = sorted(args.dir.glob("*.service")) + sorted(args.dir.glob("*.timer"))
    if not units:
        logger.warning("no unit files under %s", args.dir)
        return 0

    results = [lint(p) for p in units]
    for r in results:
        for e in r["errors"]:
            logger.error("%s: %s", r["file"], e)
        for w in r["warnings"]:
            logger.warning("%s: %s", r["file"], w)

    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(results, indent=2), encoding="utf-8")

    if not args.no_upload:
        url = os.environ.get("CI_RESULTS_URL", "https://ci.example.internal/api/v1/results")
        token = os.environ.get("CI_RESULTS_TOKEN")
        if not token:
            logger.error("CI_RESULTS_TOKEN is not set; use --no-upload for local runs")
            return 2
        try:
            upload(results, url, token, os.environ.get("CI_BUILD_ID", "local"))
        except requests.RequestException as exc:
            logger.error("upload failed: %s", exc)
            return 1

    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())

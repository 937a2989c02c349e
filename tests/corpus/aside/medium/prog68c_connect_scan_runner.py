#!/usr/bin/env python3
"""Scheduled port-exposure scan for the asset inventory.

Runs an nmap TCP connect scan over the scopes listed in scan_scopes.yml (or
given with --target), parses the XML output and compares the open ports
with the previous run so newly exposed services are raised as findings.
Results: ./scan-results/<scope>-<timestamp>.json plus latest.json.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from datetime import datetime, timezone
from pathlib import Path

import yaml

LOG = logging.getLogger("exposure-scan")

RESULTS = Path("scan-results")


class ScanError(RuntimeError):
    pass


class NmapRunner:
    scan_flags = ["-sT", "-Pn", "-n", "--open", "-T4"]

    def __init__(self, ports="top1000", extra=None):
        self.binary = shutil.which("nmap")
        if not self.binary:
            raise ScanError("nmap not found in PATH")
        self.ports = ["--top-ports", "1000"] if ports == "top1000" else ["-p", ports]
        self.extra = extra or []

    def command(self, targets):
        return [self.binary, *self.scan_flags, *self.ports, *self.extra, "-oX", "-", *targets]

    def prepare(self):
        """Hook for runners that need host preparation before scanning."""
        return None

    def run(self, targets, timeout):
        self.prepare()
        cmd = self.command(targets)
        LOG.info("running: %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise ScanError(proc.stderr.strip() or f"nmap exited {proc.returncode}")
        return proc.stdout


def parse_open_ports(xml_text):
    root = ET.fromstring(xml_text)
    found = {}
    for host in root.iter("host"):
        addr = host.find("address").get("addr")
        for port in host.iter("port"):
            if port.find("state").get("state") != "open":
                continue
            svc = port.find("service")
            found.setdefault(addr, []).append({
                "port": int(port.get("portid")),
                "proto": port.get("protocol"),
                "service": svc.get("name") if svc is not None else "",
                "product": svc.get("product", "") if svc is not None else "",
            })
    return found


def diff_exposure(previous, current):
    findings = []
    for addr, ports in current.items():
        before = {(p["port"], p["proto"]) for p in previous.get(addr, [])}
        for p in ports:
            if (p["port"], p["proto"]) not in before:
                findings.append({"host": addr, **p, "finding": "new-open-port"})
    return findings


def load_scopes(path, cli_targets):
    if cli_targets:
        return {"adhoc": cli_targets}
    with open(path) as fh:
        doc = yaml.safe_load(fh) or {}
    return {name: scope["targets"] for name, scope in doc.get("scopes", {}).items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scopes", default="scan_scopes.yml")
    ap.add_argument("--target", action="append", default=[])
    ap.add_argument("--ports", default="top1000")
    ap.add_argument("--timeout", type=int, default=5400)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        runner = NmapRunner(args.ports)
        scopes = load_scopes(args.scopes, args.target)
    except (ScanError, OSError) as exc:
        LOG.error("%s", exc)
        return 2

    RESULTS.mkdir(exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    total_findings = 0
    for name, targets in scopes.items():
        try:
            current = parse_open_ports(runner.run(targets, args.timeout))
        except (ScanError, subprocess.TimeoutExpired, ET.ParseError) as exc:
            LOG.error("scope %s failed: %s", name, exc)
            continue
        latest = RESULTS / f"{name}-latest.json"
        previous = json.loads(latest.read_text())["hosts"] if latest.exists() else {}
        findings = diff_exposure(previous, current)
        doc = {"scope": name, "scanned": stamp, "hosts": current, "findings": findings}
        (RESULTS / f"{name}-{stamp}.json").write_text(json.dumps(doc, indent=2))
        latest.write_text(json.dumps(doc, indent=2))
        for f in findings:
            LOG.warning("[%s] %s %s/%s %s", name, f["host"], f["port"], f["proto"], f["service"])
        total_findings += len(findings)
    LOG.info("done, %d new exposure finding(s)", total_findings)
    return 1 if total_findings else 0


if __name__ == "__main__":
    sys.exit(main())

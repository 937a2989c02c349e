#!/usr/bin/env python3
"""Deploy the records-room SANE backend profile to a scanning station.

Reads scanner definitions from ./scanners.json, renders the fujitsu
backend config and a dll.d entry, and installs both under /etc/sane.d
through a generated install script (keeping a dated backup of whatever
was there). Run as root on the station being set up.
"""
import argparse
import datetime
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("sane_deploy")

SANE_DIR = "/etc/sane.d"
BACKEND_CONF = "fujitsu.conf"
DLL_ENTRY = "dll.d/records-room"

INSTALL_SH = """#!/bin/bash
set -euo pipefail
stamp="$(date +%Y%m%d%H%M%S)"
install -d -m 0755 -o root -g root "$SANE_DIR/dll.d"
if [ -f "$SANE_DIR/$BACKEND_CONF" ]; then
    cp -p "$SANE_DIR/$BACKEND_CONF" "$SANE_DIR/$BACKEND_CONF.bak.$stamp"
fi
install -m 0644 -o root -g root "$RENDERED_CONF" "$SANE_DIR/$BACKEND_CONF"
install -m 0644 -o root -g root "$RENDERED_DLL" "$SANE_DIR/$DLL_ENTRY"
echo "installed $SANE_DIR/$BACKEND_CONF and $SANE_DIR/$DLL_ENTRY"
"""


class ScannerProfile:
    def __init__(self, entry):
        try:
            self.name = entry["name"]
            self.usb_id = entry["usb_id"]
        except KeyError as exc:
            raise ValueError(f"scanner entry missing {exc}") from exc
        self.buffer_kb = int(entry.get("buffer_kb", 64))

    def render(self):
        vendor, product = self.usb_id.split(":")
        return (f"# {self.name}\n"
                f"option buffer-size {self.buffer_kb * 1024}\n"
                f"usb 0x{vendor} 0x{product}\n")


def load_profiles(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    profiles = [ScannerProfile(e) for e in data.get("scanners", [])]
    if not profiles:
        raise ValueError("no scanners defined")
    return profiles


def render_files(profiles, workdir):
    header = (f"# managed by sane_profile_deploy.py "
              f"{datetime.date.today().isoformat()}\nscsi FUJITSU\n")
    conf_path = os.path.join(workdir, BACKEND_CONF)
    with open(conf_path, "w") as fh:
        fh.write(header)
        for p in profiles:
            fh.write(p.render())
    dll_path = os.path.join(workdir, "dll_entry")
    with open(dll_path, "w") as fh:
        fh.write("fujitsu\n")
    return conf_path, dll_path


def install(conf_path, dll_path, workdir, dry_run):
    script = os.path.join(workdir, "install.sh")
    with open(script, "w") as fh:
        fh.write(INSTALL_SH)
    env = dict(os.environ, SANE_DIR=SANE_DIR, BACKEND_CONF=BACKEND_CONF,
               DLL_ENTRY=DLL_ENTRY, RENDERED_CONF=conf_path, RENDERED_DLL=dll_path)
    if dry_run:
        LOG.info("dry run: would run %s", script)
        with open(conf_path) as fh:
            print(fh.read())
        return 0
    proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("install failed: %s", proc.stderr.strip())
    else:
        LOG.info(proc.stdout.strip())
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="scanners.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.dry_run and os.geteuid() != 0:
        LOG.error("must run as root to write %s", SANE_DIR)
        return 1
    try:
        profiles = load_profiles(args.config)
    except (OSError, ValueError) as exc:
        LOG.error("bad config %s: %s", args.config, exc)
        return 1
    with tempfile.TemporaryDirectory(prefix="sane_deploy_") as workdir:
        conf_path, dll_path = render_files(profiles, workdir)
        rc = install(conf_path, dll_path, workdir, args.dry_run)
    LOG.info("%d scanner profile(s) processed", len(profiles))
    return rc


if __name__ == "__main__":
    sys.exit(main())

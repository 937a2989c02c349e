#!/usr/bin/env python3
"""Install the logrotate policy for the historian collector logs.

The collector writes several hundred MB of debug output a day and the
/var partition filled up twice last quarter. This renders a logrotate
policy from the site settings and installs it system-wide.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("logrotate_policy")
TARGET = "/etc/logrotate.d/historian"

POLICY_TEMPLATE = """# managed by logrotate_policy_installer.py - site {site}
{paths} {{
    {frequency}
    rotate {keep}
    maxsize {maxsize}
    compress
    delaycompress
    missingok
    notifempty
    copytruncate
    su {owner} {group}
    create 0640 {owner} {group}
}}
"""

INSTALL_SH = r'''
set -e
sudo install -m 0644 -o root -g root "$POLICY_SRC" "$POLICY_DST"
sudo logrotate --debug "$POLICY_DST" 2>&1 | tail -n 5
'''


class Policy:
    DEFAULTS = {"site": "WTP-North", "frequency": "daily", "keep": "14",
                "maxsize": "200M", "owner": "historian", "group": "historian",
                "paths": "/var/log/historian/*.log"}

    def __init__(self, cfg_path):
        self.values = dict(self.DEFAULTS)
        if cfg_path and Path(cfg_path).exists():
            cp = configparser.ConfigParser()
            cp.read(cfg_path)
            if cp.has_section("logrotate"):
                self.values.update(cp["logrotate"])
            LOG.info("loaded settings from %s", cfg_path)

    def validate(self):
        if self.values["frequency"] not in ("daily", "weekly", "monthly"):
            raise ValueError(f"bad frequency {self.values['frequency']!r}")
        if not self.values["keep"].isdigit():
            raise ValueError("keep must be a number")
        for p in self.values["paths"].split():
            if not p.startswith("/var/log/"):
                raise ValueError(f"refusing log path outside /var/log: {p}")

    def render(self):
        return POLICY_TEMPLATE.format(**self.values)


def install(text, staging, dry_run):
    staging.parent.mkdir(parents=True, exist_ok=True)
    staging.write_text(text)
    LOG.info("rendered policy staged at %s", staging)
    if dry_run:
        print(text)
        return 0
    env = dict(os.environ, POLICY_SRC=str(staging.resolve()),
               POLICY_DST=TARGET)
    proc = subprocess.run(["bash", "-c", INSTALL_SH], env=env,
                          capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        LOG.info("logrotate: %s", line)
    if proc.returncode != 0:
        LOG.error("install failed: %s", proc.stderr.strip())
    else:
        LOG.info("policy installed at %s", TARGET)
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="./site.ini")
    ap.add_argument("--staging", default="./build/historian.logrotate")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    policy = Policy(args.config)
    try:
        policy.validate()
    except ValueError as exc:
        LOG.error("invalid settings: %s", exc)
        return 2
    try:
        return install(policy.render(), Path(args.staging), args.dry_run)
    except OSError as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())

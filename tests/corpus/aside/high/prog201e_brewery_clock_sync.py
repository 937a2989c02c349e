#!/usr/bin/env python3
"""Keep the brewhouse PC clock in step with the fermentation controllers.

Batch logs from the fermenters and the brewhouse PC disagree by minutes
when the PC clock drifts. This writes a time-server config pointing at the
cellar's local time source and restarts the time service.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("clocksync")

CONF_CANDIDATES = [
    Path("/etc/chrony/chrony.conf"),
    Path("/etc/chrony.conf"),
]
SERVICE_NAMES = {"/etc/chrony/chrony.conf": "chrony",
                 "/etc/chrony.conf": "chronyd"}

TEMPLATE = """# managed by brewery clock sync
server {primary} iburst prefer
{fallbacks}
driftfile /var/lib/chrony/drift
makestep 1.0 3
rtcsync
"""


def render(primary, fallbacks):
    lines = "\n".join(f"pool {f} iburst" for f in fallbacks)
    return TEMPLATE.format(primary=primary, fallbacks=lines)


def root_cmd(args):
    cmd = args if os.geteuid() == 0 else ["sudo"] + args
    LOG.debug("running %s", cmd)
    return subprocess.run(cmd, capture_output=True, text=True)


class ClockConfig:
    def __init__(self, path):
        self.path = path

    @classmethod
    def detect(cls):
        for candidate in CONF_CANDIDATES:
            if candidate.exists():
                return cls(candidate)
        return cls(CONF_CANDIDATES[0])

    @property
    def service(self):
        return SERVICE_NAMES.get(str(self.path), "chrony")

    def current(self):
        try:
            return self.path.read_text()
        except OSError:
            return ""

    def install(self, text):
        with tempfile.NamedTemporaryFile("w", delete=False, suffix=".conf") as tmp:
            tmp.write(text)
            staged = tmp.name
        try:
            if self.path.exists():
                root_cmd(["cp", str(self.path), f"{self.path}.bak"])
            res = root_cmd(["install", "-m", "0644", "-o", "root", staged, str(self.path)])
            if res.returncode != 0:
                raise RuntimeError(res.stderr.strip())
        finally:
            os.unlink(staged)

    def restart(self):
        res = root_cmd(["systemctl", "restart", self.service])
        return res.returncode == 0


def main(argv=None):
    p = argparse.ArgumentParser(description="brewery clock sync")
    p.add_argument("--primary", default="192.0.2.10", help="cellar time source")
    p.add_argument("--fallback", action="append", default=None)
    p.add_argument("--show", action="store_true", help="print config only")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    text = render(args.primary, args.fallback or ["pool.ntp.org"])
    if args.show:
        print(text)
        return 0
    conf = ClockConfig.detect()
    if conf.current() == text:
        LOG.info("config already current at %s", conf.path)
        return 0
    try:
        conf.install(text)
    except RuntimeError as exc:
        LOG.error("install failed: %s", exc)
        return 1
    if not conf.restart():
        LOG.error("service restart failed")
        return 1
    LOG.info("time service restarted with %s", args.primary)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Network buffer tuning for the arena game-server hosts.

Writes a sysctl drop-in with larger socket buffers and a longer backlog
(lots of UDP game traffic during group stages), then reloads sysctl. The
actual privileged write happens in a small generated shell step.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("net-tuning")

DROPIN = "/etc/sysctl.d/90-arena-net.conf"

PROFILES = {
    "group-stage": {
        "net.core.rmem_max": 26214400,
        "net.core.wmem_max": 26214400,
        "net.core.rmem_default": 1048576,
        "net.core.wmem_default": 1048576,
        "net.core.netdev_max_backlog": 5000,
        "net.ipv4.udp_mem": "102400 873800 16777216",
    },
    "finals": {
        "net.core.rmem_max": 33554432,
        "net.core.wmem_max": 33554432,
        "net.core.rmem_default": 2097152,
        "net.core.wmem_default": 2097152,
        "net.core.netdev_max_backlog": 10000,
        "net.ipv4.udp_mem": "204800 1747600 33554432",
    },
}

APPLY_SCRIPT = r"""#!/bin/bash
set -euo pipefail
sudo install -m 0644 -o root -g root "$STAGED_CONF" "$DROPIN_PATH"
echo "installed $DROPIN_PATH" >&2
sudo sysctl --system >/dev/null
sudo sysctl net.core.rmem_max net.core.wmem_max net.core.netdev_max_backlog
"""


class SysctlProfile:
    def __init__(self, name, overrides=None):
        if name not in PROFILES:
            raise KeyError(f"unknown profile {name!r}")
        self.name = name
        self.values = dict(PROFILES[name])
        self.values.update(overrides or {})

    def render(self):
        lines = [f"# arena network profile: {self.name}",
                 "# managed by net_buffer_tuning.py"]
        for key in sorted(self.values):
            lines.append(f"{key} = {self.values[key]}")
        return "\n".join(lines) + "\n"


def parse_overrides(items):
    result = {}
    for item in items or []:
        if "=" not in item:
            raise ValueError(f"override {item!r} must be key=value")
        key, value = item.split("=", 1)
        if not key.startswith("net."):
            raise ValueError(f"only net.* keys may be overridden: {key}")
        result[key.strip()] = value.strip()
    return result


def apply(profile, dry_run=False):
    content = profile.render()
    if dry_run:
        sys.stdout.write(content)
        return 0
    staged = tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False)
    script = tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False)
    try:
        staged.write(content)
        staged.close()
        script.write(APPLY_SCRIPT)
        script.close()
        env = dict(os.environ, STAGED_CONF=staged.name, DROPIN_PATH=DROPIN)
        LOG.info("installing profile %s into %s", profile.name, DROPIN)
        return subprocess.call(["bash", script.name], env=env)
    finally:
        for path in (staged.name, script.name):
            try:
                os.unlink(path)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="group-stage")
    ap.add_argument("--set", action="append", metavar="KEY=VALUE")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        profile = SysctlProfile(args.profile, parse_overrides(args.set))
    except (KeyError, ValueError) as exc:
        LOG.error("%s", exc)
        return 2
    rc = apply(profile, args.dry_run)
    if rc:
        LOG.error("apply step failed with %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())

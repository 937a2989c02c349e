#!/usr/bin/env python3
"""Collect a quick triage bundle for a slow build node into ./triage/<stamp>/.

The probe table below maps a probe name to the command that produces it.
Extra probes can be added in ./triage.json as {"name": "command line"}.
"""
import argparse
import json
import logging
import shlex
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("triage")

PROBES = {
    "uptime": "uptime",
    "disk": "df -hP",
    "inodes": "df -iP",
    "memory": "free -m",
    "listeners": "ss -tln",
    "top_cpu": "ps -eo pid,user,pcpu,pmem,etime,comm --sort=-pcpu",
    "git_status": "git status --short --branch",
}


def load_extra(path):
    p = Path(path)
    if not p.is_file():
        return {}
    with p.open(encoding="utf-8") as fh:
        extra = json.load(fh)
    return {str(k): str(v) for k, v in extra.items()}


class Probe:
    def __init__(self, name, cmdline, timeout):
        self.name = name
        self.argv = shlex.split(cmdline)
        self.timeout = timeout

    def run(self):
        try:
            proc = subprocess.run(self.argv, capture_output=True, text=True,
                                  timeout=self.timeout, check=False)
            return proc.returncode, proc.stdout + proc.stderr
        except FileNotFoundError:
            return 127, f"{self.argv[0]}: not installed\n"
        except subprocess.TimeoutExpired:
            return 124, f"timed out after {self.timeout}s\n"


def main():
    ap = argparse.ArgumentParser(description="node triage bundle")
    ap.add_argument("--extra", default="triage.json")
    ap.add_argument("--timeout", type=float, default=15)
    ap.add_argument("--skip", nargs="*", default=[])
    ap.add_argument("--out", default="triage")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    table = dict(PROBES)
    table.update(load_extra(args.extra))
    for name in args.skip:
        table.pop(name, None)

    dest = Path(args.out) / time.strftime("%Y%m%d-%H%M%S")
    dest.mkdir(parents=True, exist_ok=True)
    index = []
    for name, cmdline in table.items():
        rc, text = Probe(name, cmdline, args.timeout).run()
        (dest / f"{name}.txt").write_text(text, encoding="utf-8")
        index.append({"probe": name, "cmd": cmdline, "rc": rc})
        LOG.info("%-12s rc=%d", name, rc)

    (dest / "index.json").write_text(json.dumps(index, indent=2), encoding="utf-8")
    LOG.info("bundle at %s", dest)
    return 0 if all(i["rc"] == 0 for i in index) else 1


if __name__ == "__main__":
    raise SystemExit(main())

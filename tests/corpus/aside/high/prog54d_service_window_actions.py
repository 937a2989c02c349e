#!/usr/bin/env python3
"""Apply the actions scheduled for tonight's maintenance window.

Actions come from ./window.json, e.g.
    {"actions": ["check-web", "reload-web", "restart-queue"], "services":
     {"web": "nginx", "queue": "rabbitmq-server", "cache": "redis-server"}}
Each action maps to a privileged command template in ACTIONS below.
"""
import argparse
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("window")

ELEVATE = ["sudo", "-n"]
ACTIONS = {
    "check-web":     ("{web} -t",),
    "reload-web":    ("systemctl reload {web}",),
    "restart-queue": ("systemctl restart {queue}", "systemctl is-active {queue}"),
    "restart-cache": ("systemctl restart {cache}",),
    "status-all":    ("systemctl --no-pager status {web} {queue} {cache}",),
}


class WindowRunner:
    def __init__(self, services, dry_run=False, pause=2.0):
        self.services = services
        self.dry_run = dry_run
        self.pause = pause
        self.log = []

    def expand(self, template):
        return ELEVATE + template.format(**self.services).split()

    def run_action(self, action):
        steps = ACTIONS.get(action)
        if steps is None:
            raise KeyError(f"unknown action {action!r}")
        for template in steps:
            argv = self.expand(template)
            LOG.info("%s: %s", action, " ".join(argv))
            if self.dry_run:
                continue
            proc = subprocess.run(argv, capture_output=True, text=True)
            self.log.append({"action": action, "argv": argv, "rc": proc.returncode})
            if proc.returncode != 0:
                LOG.error("%s failed: %s", action, proc.stderr.strip())
                return False
            time.sleep(self.pause)
        return True


def main():
    ap = argparse.ArgumentParser(description="maintenance window runner")
    ap.add_argument("-c", "--config", default="window.json")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--keep-going", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        cfg = json.loads(Path(args.config).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        LOG.error("bad config %s: %s", args.config, exc)
        return 2
    services = {"web": "nginx", "queue": "rabbitmq-server", "cache": "redis-server"}
    services.update(cfg.get("services", {}))

    runner = WindowRunner(services, dry_run=args.dry_run)
    failed = []
    for action in cfg.get("actions", []):
        try:
            ok = runner.run_action(action)
        except KeyError as exc:
            LOG.error("%s", exc)
            ok = False
        if not ok:
            failed.append(action)
            if not args.keep_going:
                break

    Path("window-result.json").write_text(json.dumps(runner.log, indent=2))
    if failed:
        LOG.error("failed actions: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

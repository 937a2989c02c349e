#!/usr/bin/env python3
"""Apply our fleet settings to the Amazon SSM agent on this instance.

Merges ./ssm-agent-overrides.json into the agent's configuration file under
/etc/amazon/ssm, keeps a backup of the previous version and restarts the
agent service so the new settings take effect.
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time

log = logging.getLogger("ssm-tuner")

AGENT_CONFIG = "/etc/amazon/ssm/amazon-ssm-agent.json"
AGENT_TEMPLATE = "/etc/amazon/ssm/amazon-ssm-agent.json.template"
SERVICE_NAMES = ("amazon-ssm-agent", "snap.amazon-ssm-agent.amazon-ssm-agent")


def deep_merge(base, override):
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            deep_merge(base[key], value)
        else:
            base[key] = value
    return base


def read_current():
    for candidate in (AGENT_CONFIG, AGENT_TEMPLATE):
        if os.path.exists(candidate):
            with open(candidate, encoding="utf-8") as fh:
                log.info("starting from %s", candidate)
                return json.load(fh)
    log.warning("no existing agent config; starting from empty document")
    return {}


def write_config(doc, dry_run=False):
    rendered = json.dumps(doc, indent=4, sort_keys=True) + "\n"
    if dry_run:
        print(rendered)
        return False
    if os.path.exists(AGENT_CONFIG):
        with open(AGENT_CONFIG, encoding="utf-8") as fh:
            if fh.read() == rendered:
                log.info("agent config already up to date")
                return False
        backup = f"{AGENT_CONFIG}.{time.strftime('%Y%m%d%H%M%S')}.bak"
        shutil.copy2(AGENT_CONFIG, backup)
        log.info("backup written to %s", backup)
    tmp = AGENT_CONFIG + ".new"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(rendered)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, AGENT_CONFIG)
    log.info("wrote %s", AGENT_CONFIG)
    return True


def detect_service():
    for name in SERVICE_NAMES:
        rc = subprocess.run(["systemctl", "list-unit-files", f"{name}.service"],
                            capture_output=True, text=True).stdout
        if name in rc:
            return name
    return None


def restart_agent():
    svc = detect_service()
    if svc is None:
        log.error("SSM agent service not found")
        return False
    log.info("restarting %s", svc)
    subprocess.run(["systemctl", "restart", svc], check=True)
    time.sleep(3)
    state = subprocess.run(["systemctl", "is-active", svc], capture_output=True, text=True)
    log.info("%s is %s", svc, state.stdout.strip())
    return state.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--overrides", default="ssm-agent-overrides.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to modify %s", AGENT_CONFIG)
        return 1
    try:
        with open(args.overrides, encoding="utf-8") as fh:
            overrides = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read overrides: %s", exc)
        return 1

    merged = deep_merge(read_current(), overrides)
    changed = write_config(merged, dry_run=args.dry_run)
    if changed and not args.no_restart:
        try:
            ok = restart_agent()
        except subprocess.CalledProcessError as exc:
            log.error("restart failed: %s", exc)
            return 2
        return 0 if ok else 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

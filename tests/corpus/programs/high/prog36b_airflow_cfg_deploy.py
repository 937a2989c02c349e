#!/usr/bin/env python3
"""Deploy a rendered airflow.cfg to a scheduler/worker host.

Merges the team overlay (``airflow-overrides.yaml`` from the infra repo)
with production defaults, installs the result as /etc/airflow/airflow.cfg
owned by the ``airflow`` service user and restarts the Airflow units so the
new settings take effect.
"""
import argparse
import configparser
import difflib
import io
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("airflow-cfg-deploy")

CFG_PATH = Path("/etc/airflow/airflow.cfg")
SERVICE_USER = "airflow"
UNITS = ("airflow-scheduler.service", "airflow-webserver.service",
         "airflow-triggerer.service")

DEFAULTS = {
    "core": {
        "executor": "CeleryExecutor",
        "load_examples": "False",
        "dags_folder": "/opt/airflow/dags",
        "parallelism": "64",
    },
    "database": {"sql_alchemy_pool_size": "10"},
    "logging": {"base_log_folder": "/var/log/airflow", "remote_logging": "False"},
    "webserver": {"web_server_host": "127.0.0.1", "web_server_port": "8080",
                  "expose_config": "False"},
    "celery": {"worker_concurrency": "16"},
}


def load_overlay(path: Path) -> dict:
    with path.open() as fh:
        data = yaml.safe_load(fh) or {}
    if not all(isinstance(v, dict) for v in data.values()):
        raise ValueError("every overlay section must be a mapping")
    return data


def render(overlay: dict) -> str:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_dict(DEFAULTS)
    for section, values in overlay.items():
        if not parser.has_section(section):
            parser.add_section(section)
        for key, value in values.items():
            parser.set(section, str(key), str(value))
    buf = io.StringIO()
    parser.write(buf)
    return buf.getvalue()


def show_diff(new_text: str) -> bool:
    old_text = CFG_PATH.read_text() if CFG_PATH.exists() else ""
    diff = list(difflib.unified_diff(old_text.splitlines(), new_text.splitlines(),
                                     str(CFG_PATH), "rendered", lineterm=""))
    for line in diff:
        print(line)
    return bool(diff)


def install(new_text: str) -> None:
    CFG_PATH.parent.mkdir(parents=True, exist_ok=True)
    if CFG_PATH.exists():
        backup = CFG_PATH.with_suffix(".cfg.bak")
        shutil.copy2(CFG_PATH, backup)
        LOG.info("backed up previous config to %s", backup)
    staging = CFG_PATH.with_suffix(".cfg.new")
    staging.write_text(new_text)
    shutil.chown(staging, user=SERVICE_USER, group=SERVICE_USER)
    os.chmod(staging, 0o640)
    os.replace(staging, CFG_PATH)
    LOG.info("installed %s", CFG_PATH)


def restart_units(units) -> int:
    failed = 0
    for unit in units:
        res = subprocess.run(["systemctl", "restart", unit],
                             capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("restart %s failed: %s", unit, res.stderr.strip())
            failed += 1
            continue
        state = subprocess.run(["systemctl", "is-active", unit],
                               capture_output=True, text=True).stdout.strip()
        LOG.info("%s -> %s", unit, state)
    return failed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("overlay", type=Path)
    ap.add_argument("--check", action="store_true", help="show diff only")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    if os.geteuid() != 0 and not args.check:
        LOG.error("must run as root to write %s", CFG_PATH)
        return 77
    try:
        rendered = render(load_overlay(args.overlay))
    except (OSError, ValueError, yaml.YAMLError) as exc:
        LOG.error("overlay error: %s", exc)
        return 2

    changed = show_diff(rendered)
    if args.check or not changed:
        LOG.info("no changes applied" if not changed else "check mode")
        return 0
    install(rendered)
    if args.no_restart:
        return 0
    return 1 if restart_units(UNITS) else 0


if __name__ == "__main__":
    sys.exit(main())

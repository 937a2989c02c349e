#!/usr/bin/env python3
"""Render a project-local airflow.cfg from a YAML overlay.

Used by the data-platform team for local development: every engineer keeps
an ``airflow-overrides.yaml`` next to their DAGs and this script merges it
with the defaults below into ``./airflow_home/airflow.cfg``.  Nothing outside
the checkout is touched.
"""
import argparse
import configparser
import logging
import os
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("airflow-cfg-render")

DEFAULTS = {
    "core": {
        "executor": "LocalExecutor",
        "load_examples": "False",
        "dags_folder": "{home}/dags",
        "parallelism": "16",
        "max_active_tasks_per_dag": "8",
    },
    "database": {
        "sql_alchemy_conn": "sqlite:///{home}/airflow.db",
    },
    "logging": {
        "base_log_folder": "{home}/logs",
        "logging_level": "INFO",
    },
    "webserver": {
        "web_server_host": "127.0.0.1",
        "web_server_port": "8080",
        "expose_config": "False",
    },
    "scheduler": {
        "dag_dir_list_interval": "60",
        "catchup_by_default": "False",
    },
}


class RenderError(Exception):
    """Raised when the overlay is malformed."""


def load_overlay(path: Path) -> dict:
    if not path.exists():
        LOG.info("no overlay at %s, using defaults only", path)
        return {}
    with path.open("r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    if not isinstance(data, dict):
        raise RenderError(f"{path}: top level must be a mapping")
    for section, values in data.items():
        if not isinstance(values, dict):
            raise RenderError(f"{path}: section {section!r} must be a mapping")
    return data


def merge(defaults: dict, overlay: dict) -> dict:
    merged = {s: dict(v) for s, v in defaults.items()}
    for section, values in overlay.items():
        target = merged.setdefault(section, {})
        for key, value in values.items():
            target[str(key)] = str(value)
    return merged


def render(merged: dict, home: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    for section, values in merged.items():
        parser[section] = {k: v.format(home=home) for k, v in values.items()}
    return parser


def write_cfg(parser: configparser.ConfigParser, target: Path, dry_run: bool) -> None:
    if dry_run:
        parser.write(sys.stdout)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".cfg.new")
    with tmp.open("w", encoding="utf-8") as fh:
        parser.write(fh)
    os.chmod(tmp, 0o600)
    tmp.replace(target)
    LOG.info("wrote %s", target)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--overlay", default="airflow-overrides.yaml")
    ap.add_argument("--home", default="airflow_home",
                    help="AIRFLOW_HOME relative to the project checkout")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    home = Path.cwd() / args.home
    try:
        overlay = load_overlay(Path(args.overlay))
    except (RenderError, yaml.YAMLError) as exc:
        LOG.error("cannot read overlay: %s", exc)
        return 2

    merged = merge(DEFAULTS, overlay)
    parser = render(merged, home)
    for sub in ("dags", "logs", "plugins"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    write_cfg(parser, home / "airflow.cfg", args.dry_run)
    print(f"export AIRFLOW_HOME={home}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Workspace config manager with remote backup (registry names only).

Maintains ./workspace-settings.json. The `import-registries` step records
which registries the Docker client is logged into (host names only, no
auth material), and the `backup` step uploads a redacted copy of the
settings file to the team's backup service.
"""
import argparse
import json
import os
import sys
from pathlib import Path

import requests

SETTINGS_FILE = Path("workspace-settings.json")
BACKUP_URL = "https://cfg-backup.acme-internal.com/v1/upload"
SENSITIVE_KEYS = {"auth", "identitytoken", "password", "token", "secret"}
DEFAULTS = {
    "version": 1,
    "theme": "dark",
    "default_branch": "main",
    "registries": [],
}


def docker_config_path() -> Path:
    return Path.home() / ".docker" / "config.json"


def load_settings() -> dict:
    merged = dict(DEFAULTS)
    if SETTINGS_FILE.exists():
        with SETTINGS_FILE.open() as handle:
            merged.update(json.load(handle))
    return merged


def save_settings(settings: dict) -> None:
    tmp = SETTINGS_FILE.with_suffix(".json.tmp")
    with tmp.open("w") as handle:
        json.dump(settings, handle, indent=2, sort_keys=True)
    tmp.replace(SETTINGS_FILE)


def import_registries(settings: dict) -> int:
    path = docker_config_path()
    if not path.exists():
        return 0
    with path.open() as handle:
        docker_cfg = json.load(handle)
    names = sorted(docker_cfg.get("auths", {}).keys())
    settings["registries"] = names
    return len(names)


def redact(value):
    if isinstance(value, dict):
        return {
            key: ("<redacted>" if key.lower() in SENSITIVE_KEYS else redact(val))
            for key, val in value.items()
        }
    if isinstance(value, list):
        return [redact(item) for item in value]
    return value


def backup(settings: dict, machine: str) -> int:
    document = {"machine": machine, "settings": redact(settings)}
    response = requests.post(
        BACKUP_URL,
        json=document,
        headers={"Authorization": f"Bearer {os.environ['CFG_BACKUP_TOKEN']}"},
        timeout=30,
    )
    return response.status_code


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("show")
    sub.add_parser("import-registries")
    backup_cmd = sub.add_parser("backup")
    backup_cmd.add_argument("--machine", default="workstation")
    return parser.parse_args(argv)


def main(argv) -> int:
    args = parse_args(argv)
    if args.command == "show":
        print(json.dumps(load_settings(), indent=2))
        return 0
    if args.command == "import-registries":
        settings = load_settings()
        count = import_registries(settings)
        save_settings(settings)
        print(f"recorded {count} registry names")
        return 0
    if args.command == "backup":
        settings = load_settings()
        status = backup(settings, args.machine)
        print(f"backup uploaded: HTTP {status}")
        return 0 if status < 400 else 1
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

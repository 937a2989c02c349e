#!/usr/bin/env python3
"""Nightly running-config backup for access and aggregation switches.

Inventory comes from inventory.yml; configs are written into ./backups/<date>/
and a change summary is printed. Credentials come from NOC_SSH_USER and
NOC_SSH_PASS.
"""
import argparse
import datetime
import hashlib
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import paramiko
import yaml

log = logging.getLogger("cfgbackup")

SHOW_CMDS = {
    "ios": "show running-config",
    "junos": "show configuration | display set",
    "routeros": "/export terse",
}


class Device:
    def __init__(self, name, host, platform="ios", port=22):
        self.name, self.host, self.platform, self.port = name, host, platform, port

    @classmethod
    def from_dict(cls, d):
        return cls(d["name"], d["host"], d.get("platform", "ios"), d.get("port", 22))


def load_inventory(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    return [Device.from_dict(d) for d in doc.get("devices", [])]


def fetch_config(dev: Device, user: str, password: str, timeout: int = 20) -> str:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(dev.host, port=dev.port, username=user, password=password,
                   timeout=timeout, look_for_keys=False, allow_agent=False)
    try:
        _, stdout, stderr = client.exec_command(SHOW_CMDS[dev.platform], timeout=timeout)
        out = stdout.read().decode(errors="replace")
        err = stderr.read().decode(errors="replace")
        if err.strip():
            log.debug("%s stderr: %s", dev.name, err.strip())
        return out
    finally:
        client.close()


def store(dev: Device, text: str, root: Path) -> bool:
    day_dir = root / datetime.date.today().isoformat()
    day_dir.mkdir(parents=True, exist_ok=True)
    target = day_dir / f"{dev.name}.cfg"
    latest = root / "latest" / f"{dev.name}.cfg"
    latest.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(text.encode()).hexdigest()
    changed = not latest.exists() or hashlib.sha256(latest.read_bytes()).hexdigest() != digest
    target.write_text(text)
    latest.write_text(text)
    return changed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inventory", default="inventory.yml")
    ap.add_argument("--out", default="backups")
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    user = os.environ.get("NOC_SSH_USER", "backup")
    password = os.environ.get("NOC_SSH_PASS")
    if not password:
        log.error("NOC_SSH_PASS not set")
        return 2

    devices = load_inventory(args.inventory)
    root = Path(args.out)
    failed, changed = [], []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futs = {pool.submit(fetch_config, d, user, password): d for d in devices}
        for fut in as_completed(futs):
            dev = futs[fut]
            try:
                if store(dev, fut.result(), root):
                    changed.append(dev.name)
            except (paramiko.SSHException, OSError, KeyError) as exc:
                log.error("%s (%s): %s", dev.name, dev.host, exc)
                failed.append(dev.name)
    log.info("%d devices, %d changed, %d failed", len(devices), len(changed), len(failed))
    for name in sorted(changed):
        print(f"CHANGED {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Pull fluence and pulse logs from the laser controllers over SSH.

Each treatment-room laser has an embedded Linux controller that keeps a
rolling pulse log.  The service contractor asks for these logs every quarter;
this script copies them into ./device_logs/<room>/.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("device_logs")

CONTROLLERS = {
    "room1": "192.0.2.31",
    "room2": "192.0.2.32",
    "room3": "192.0.2.33",
}
REMOTE_DIR = "/var/lib/lasercore/logs"


@dataclass
class Creds:
    user: str = os.environ.get("LASER_CTRL_USER", "service")
    password: str = os.environ.get("LASER_CTRL_PASSWORD", "")


def _ssh():
    return importlib.import_module("param" + "iko")


def connect(host: str, creds: Creds):
    mod = _ssh()
    client = mod.SSHClient()
    client.load_system_host_keys()
    # controllers are re-imaged by the vendor and their host keys change often
    policy = getattr(mod, "Auto" + "Add" + "Policy")
    client.set_missing_host_key_policy(policy())
    client.connect(host, username=creds.user, password=creds.password,
                   timeout=10, allow_agent=False, look_for_keys=False)
    return client


def pull(room: str, host: str, creds: Creds, dest_root: Path, pattern: str):
    dest = dest_root / room
    dest.mkdir(parents=True, exist_ok=True)
    client = connect(host, creds)
    copied = 0
    try:
        sftp = client.open_sftp()
        for name in sorted(sftp.listdir(REMOTE_DIR)):
            if not name.endswith(pattern):
                continue
            local = dest / name
            remote = f"{REMOTE_DIR}/{name}"
            if local.exists() and local.stat().st_size == sftp.stat(remote).st_size:
                continue
            sftp.get(remote, str(local))
            copied += 1
        sftp.close()
    finally:
        client.close()
    log.info("%s (%s): %d new log file(s)", room, host, copied)
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rooms", nargs="*", help="rooms to pull (default: all)")
    ap.add_argument("--dest", type=Path, default=Path("device_logs"))
    ap.add_argument("--suffix", default=".plog")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    creds = Creds()
    if not creds.password:
        ap.error("set LASER_CTRL_PASSWORD")
    unknown = [r for r in args.rooms if r not in CONTROLLERS]
    if unknown:
        ap.error("unknown room(s): " + ", ".join(unknown))
    total = 0
    for room in args.rooms or sorted(CONTROLLERS):
        try:
            total += pull(room, CONTROLLERS[room], creds, args.dest, args.suffix)
        except Exception as exc:  # noqa: BLE001
            log.error("%s: %s", room, exc)
    log.info("done, %d file(s) copied", total)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Rotate the shared secret that the local `ledgerd` daemon reads at start.

Writes a new token into /etc/ledgerd/credentials.env (root:ledgerd 0640),
keeps the previous file as .prev, then restarts the unit so it picks it up.
Intended to be run by root from the ops runbook.
"""
import argparse
import grp
import logging
import os
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

CRED_DIR = Path("/etc/ledgerd")
CRED_FILE = CRED_DIR / "credentials.env"
UNIT = "ledgerd.service"
log = logging.getLogger("token-rotator")


def read_env(path: Path) -> dict:
    values = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                values[k.strip()] = v.strip()
    return values


def write_credentials(values: dict, group: str) -> None:
    CRED_DIR.mkdir(mode=0o750, exist_ok=True)
    if CRED_FILE.exists():
        shutil.copy2(CRED_FILE, CRED_FILE.with_suffix(".env.prev"))
    tmp = CRED_FILE.with_suffix(".env.new")
    body = "".join(f"{k}={v}\n" for k, v in sorted(values.items()))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640)
    with os.fdopen(fd, "w") as fh:
        fh.write(f"# rotated {time.strftime('%Y-%m-%dT%H:%M:%S')}\n{body}")
    os.chown(tmp, 0, grp.getgrnam(group).gr_gid)
    os.replace(tmp, CRED_FILE)


def restart_unit(unit: str, wait: int) -> bool:
    subprocess.run(["systemctl", "restart", unit], check=True)
    for _ in range(wait):
        state = subprocess.run(["systemctl", "is-active", unit],
                               capture_output=True, text=True).stdout.strip()
        if state == "active":
            return True
        time.sleep(1)
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--key", default="LEDGERD_SHARED_TOKEN")
    ap.add_argument("--bytes", type=int, default=32)
    ap.add_argument("--group", default="ledgerd")
    ap.add_argument("--wait", type=int, default=15)
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root (writes %s)", CRED_FILE)
        return 1

    values = read_env(CRED_FILE)
    had_old = args.key in values
    values[args.key] = secrets.token_hex(args.bytes)
    if had_old:
        values[args.key + "_PREVIOUS"] = read_env(CRED_FILE)[args.key]
    write_credentials(values, args.group)
    log.info("new %s written to %s", args.key, CRED_FILE)

    if args.no_restart:
        return 0
    try:
        if restart_unit(UNIT, args.wait):
            log.info("%s is active with the new token", UNIT)
            return 0
        log.error("%s did not come back; previous file kept as .prev", UNIT)
    except subprocess.CalledProcessError as exc:
        log.error("systemctl failed: %s", exc)
    return 3


if __name__ == "__main__":
    sys.exit(main())

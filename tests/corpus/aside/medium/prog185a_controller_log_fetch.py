#!/usr/bin/env python3
"""Fetch climate-controller logs from the grow-room Raspberry Pis.

Each fruiting room has a Pi running the fan/fogger controller.  When a
room has a contamination event the grower wants the last few days of
controller logs side by side; this pulls a tarball from each Pi over SSH
and unpacks it into ./controller_logs/<room>/.
"""
import argparse
import io
import logging
import os
import tarfile
from pathlib import Path

import paramiko

LOG = logging.getLogger("logfetch")

ROOMS = {
    "fruiting-1": "192.0.2.21",
    "fruiting-2": "192.0.2.22",
    "fruiting-3": "192.0.2.23",
    "spawn-run": "192.0.2.30",
}
REMOTE_USER = os.environ.get("PI_USER", "grower")
REMOTE_DIR = os.environ.get("PI_LOG_DIR", "controller/logs")
OUT_ROOT = Path(os.environ.get("LOG_OUT", "controller_logs"))


class PiClient:
    def __init__(self, host, user):
        self.host = host
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        # Pis get re-imaged often, so new host keys are accepted as they come
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(host, username=user, timeout=15,
                            allow_agent=True, look_for_keys=True)

    def tarball(self, remote_dir, days):
        cmd = (f"cd {remote_dir} && find . -name '*.log' -mtime -{int(days)} -print0 "
               f"| tar --null -czf - -T -")
        _stdin, stdout, stderr = self.client.exec_command(cmd, timeout=60)
        data = stdout.read()
        err = stderr.read().decode().strip()
        if err:
            LOG.warning("%s: %s", self.host, err)
        return data

    def close(self):
        self.client.close()


def unpack(blob, dest: Path):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        tar.extractall(dest)
        return len(tar.getmembers())


def fetch_room(room, host, days):
    try:
        pi = PiClient(host, REMOTE_USER)
    except (paramiko.SSHException, OSError) as exc:
        LOG.error("%s (%s) unreachable: %s", room, host, exc)
        return 0
    try:
        blob = pi.tarball(REMOTE_DIR, days)
    finally:
        pi.close()
    if not blob:
        LOG.info("%s: no logs in the last %d days", room, days)
        return 0
    n = unpack(blob, OUT_ROOT / room)
    LOG.info("%s: %d files", room, n)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rooms", nargs="*", default=sorted(ROOMS))
    ap.add_argument("--days", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    total = 0
    for room in args.rooms:
        host = ROOMS.get(room)
        if not host:
            LOG.warning("unknown room %s", room)
            continue
        total += fetch_room(room, host, args.days)
    LOG.info("done, %d files under %s", total, OUT_ROOT)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Collect diagnostic log bundles from the ANPR cameras.

Each camera can produce a tarball of its recent logs. This tool connects to
every camera over SSH, asks for a bundle, downloads it and unpacks it into a
per-camera folder for the vendor support ticket.
"""
import argparse
import logging
import os
import sys
import tarfile
from pathlib import Path

import paramiko

LOG = logging.getLogger("cam-logs")

CAMERAS = {
    "entry-north": "192.0.2.21",
    "entry-south": "192.0.2.22",
    "exit-main": "192.0.2.23",
    "ae-dropoff": "192.0.2.31",
}
REMOTE_BUNDLE = "/var/tmp/diag_bundle.tar.gz"


class CameraSession:
    def __init__(self, host, user, password):
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(host, username=user, password=password, timeout=15,
                            allow_agent=False, look_for_keys=False)

    def make_bundle(self):
        _in, out, err = self.client.exec_command(f"diagctl bundle --output {REMOTE_BUNDLE}")
        status = out.channel.recv_exit_status()
        if status != 0:
            raise RuntimeError(err.read().decode(errors="replace").strip() or f"exit {status}")

    def fetch(self, local):
        with self.client.open_sftp() as sftp:
            sftp.get(REMOTE_BUNDLE, str(local))

    def close(self):
        self.client.close()


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    return sum(1 for _ in dest.rglob("*"))


def collect(name, host, user, password, outdir):
    session = CameraSession(host, user, password)
    try:
        session.make_bundle()
        archive = outdir / f"{name}.tar.gz"
        session.fetch(archive)
        count = unpack(archive, outdir / name)
        LOG.info("%s: %d files unpacked", name, count)
    finally:
        session.close()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="camera_logs")
    p.add_argument("--user", default=os.environ.get("CAM_USER", "support"))
    p.add_argument("--only", nargs="*", help="camera names to collect")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    password = os.environ.get("CAM_PASSWORD")
    if not password:
        LOG.error("set CAM_PASSWORD")
        return 2
    outdir = Path(args.out)
    outdir.mkdir(exist_ok=True)
    failures = 0
    for name, host in CAMERAS.items():
        if args.only and name not in args.only:
            continue
        try:
            collect(name, host, args.user, password, outdir)
        except (OSError, paramiko.SSHException, RuntimeError, tarfile.TarError) as exc:
            LOG.error("%s (%s): %s", name, host, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Pull incident snapshots from the safety cameras and the NVR.

When a jumper is hurt the duty manager needs stills from the court cameras
for the incident report. This grabs a snapshot from each camera and copies
the NVR's clip archive for the incident window into ./incidents/<id>/.
"""
import argparse
import logging
import os
import tarfile
from datetime import datetime
from pathlib import Path

import paramiko
import requests
import urllib3

log = logging.getLogger("snappull")

# the cameras use self-signed certificates from the installer
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

CAMERAS = {
    "court-a": "https://198.51.100.31/cgi-bin/snapshot.jpg",
    "court-b": "https://198.51.100.32/cgi-bin/snapshot.jpg",
    "dodgeball": "https://198.51.100.33/cgi-bin/snapshot.jpg",
}
NVR_HOST = os.environ.get("NVR_HOST", "198.51.100.30")
NVR_USER = os.environ.get("NVR_USER", "incident")


def grab_snapshots(dest, cameras, auth):
    saved = []
    for name, url in cameras.items():
        try:
            resp = requests.get(url, auth=auth, timeout=10, verify=False)
            resp.raise_for_status()
        except requests.RequestException as exc:
            log.warning("snapshot from %s failed: %s", name, exc)
            continue
        out = dest / f"{name}.jpg"
        out.write_bytes(resp.content)
        saved.append(out)
        log.info("saved %s", out)
    return saved


class NvrClient:
    def __init__(self, host, user, key_file=None):
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(host, username=user, key_filename=key_file, timeout=15)

    def export_window(self, start, minutes, remote_path):
        cmd = f"nvr-export --start {start} --minutes {int(minutes)} --out {remote_path}"
        _stdin, stdout, stderr = self.client.exec_command(cmd)
        if stdout.channel.recv_exit_status() != 0:
            raise RuntimeError(stderr.read().decode(errors="replace"))

    def fetch(self, remote_path, local_path):
        sftp = self.client.open_sftp()
        try:
            sftp.get(remote_path, str(local_path))
            sftp.remove(remote_path)
        finally:
            sftp.close()

    def close(self):
        self.client.close()


def unpack(archive, dest):
    with tarfile.open(archive) as tar:
        tar.extractall(dest)
    archive.unlink()


def main():
    ap = argparse.ArgumentParser(description="Collect incident snapshots and clips")
    ap.add_argument("incident_id")
    ap.add_argument("--start", default=datetime.now().strftime("%Y-%m-%dT%H:%M"))
    ap.add_argument("--minutes", type=int, default=5)
    ap.add_argument("--key", help="ssh key for the NVR")
    ap.add_argument("--no-clips", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dest = Path("incidents") / args.incident_id
    dest.mkdir(parents=True, exist_ok=True)
    auth = (os.environ.get("CAM_USER", "viewer"), os.environ.get("CAM_PASS", ""))
    grab_snapshots(dest, CAMERAS, auth)

    if args.no_clips:
        return 0
    remote = f"/var/tmp/export-{args.incident_id}.tar"
    try:
        nvr = NvrClient(NVR_HOST, NVR_USER, args.key)
    except (paramiko.SSHException, OSError) as exc:
        log.error("cannot reach NVR: %s", exc)
        return 1
    try:
        nvr.export_window(args.start, args.minutes, remote)
        local = dest / "clips.tar"
        nvr.fetch(remote, local)
        unpack(local, dest / "clips")
        log.info("clips unpacked into %s", dest / "clips")
    except Exception as exc:
        log.error("clip export failed: %s", exc)
        return 2
    finally:
        nvr.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

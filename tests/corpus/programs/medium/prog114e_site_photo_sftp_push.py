#!/usr/bin/env python3
"""Push the day's site photos to the office file server over SFTP.

Fitters dump phone photos into ~/SitePhotos/<job>/ during the day; at
clock-off this copies anything new into /data/jobs/<job>/photos/<date>/ on
the office server so the estimator can see progress without ringing round.

Connection details come from the environment (set in the van laptop's
profile): OFFICE_SFTP_HOST, OFFICE_SFTP_USER, OFFICE_SFTP_PASSWORD.
"""
import argparse
import logging
import os
import posixpath
import stat
import sys
from datetime import date
from pathlib import Path

import paramiko

LOG = logging.getLogger("sftp_push")
PHOTO_EXT = (".jpg", ".jpeg", ".png", ".heic", ".mp4")


def connect(host, user, password, port=22):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host, port=port, username=user, password=password,
                   timeout=20, banner_timeout=20, look_for_keys=False)
    return client


def remote_makedirs(sftp, path):
    parts = path.strip("/").split("/")
    cur = "/"
    for part in parts:
        cur = posixpath.join(cur, part)
        try:
            if not stat.S_ISDIR(sftp.stat(cur).st_mode):
                raise IOError(f"{cur} exists and is not a directory")
        except FileNotFoundError:
            sftp.mkdir(cur)


def remote_size(sftp, path):
    try:
        return sftp.stat(path).st_size
    except FileNotFoundError:
        return None


def push_job(sftp, job_dir: Path, remote_root: str, day: str):
    dest = posixpath.join(remote_root, job_dir.name, "photos", day)
    remote_makedirs(sftp, dest)
    sent = 0
    for photo in sorted(job_dir.iterdir()):
        if not photo.is_file() or photo.suffix.lower() not in PHOTO_EXT:
            continue
        target = posixpath.join(dest, photo.name)
        if remote_size(sftp, target) == photo.stat().st_size:
            continue
        sftp.put(str(photo), target)
        sent += 1
        LOG.debug("put %s -> %s", photo, target)
    return sent


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--local", type=Path, default=Path.home() / "SitePhotos")
    ap.add_argument("--remote-root", default="/data/jobs")
    ap.add_argument("--job", action="append", help="only these jobs (repeatable)")
    ap.add_argument("--date", default=date.today().isoformat())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    host = os.environ.get("OFFICE_SFTP_HOST")
    user = os.environ.get("OFFICE_SFTP_USER")
    password = os.environ.get("OFFICE_SFTP_PASSWORD")
    if not (host and user and password):
        LOG.error("OFFICE_SFTP_HOST/USER/PASSWORD must be set")
        return 2

    jobs = [d for d in sorted(args.local.iterdir()) if d.is_dir()]
    if args.job:
        jobs = [d for d in jobs if d.name in args.job]
    if not jobs:
        LOG.info("nothing to push")
        return 0

    try:
        client = connect(host, user, password)
    except (paramiko.SSHException, OSError) as exc:
        LOG.error("cannot reach %s: %s", host, exc)
        return 1

    total = 0
    with client, client.open_sftp() as sftp:
        for job_dir in jobs:
            try:
                n = push_job(sftp, job_dir, args.remote_root, args.date)
            except IOError as exc:
                LOG.error("%s: %s", job_dir.name, exc)
                continue
            LOG.info("%s: %d new photos", job_dir.name, n)
            total += n
    LOG.info("pushed %d photos for %d jobs", total, len(jobs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

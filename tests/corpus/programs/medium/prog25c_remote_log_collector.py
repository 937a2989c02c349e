#!/usr/bin/env python3
"""Collect rotated application logs from the lab machines.

Hosts are listed in collector.json:
    {"hosts": [{"name": "lab-a", "address": "10.2.0.11", "protocol": "ftp",
                "user": "logs", "remote_dir": "/var/log/app"}, ...]}
Logs land in ./collected/<name>/.
"""
import argparse
import fnmatch
import ftplib
import getpass
import json
import logging
import posixpath
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("log_collector")


class HostSpec:
    def __init__(self, raw: dict):
        self.name = raw["name"]
        self.address = raw["address"]
        self.protocol = raw.get("protocol", "ftp")
        self.user = raw.get("user", "logs")
        self.remote_dir = raw.get("remote_dir", "/var/log/app")
        self.port = int(raw.get("port", 21 if self.protocol == "ftp" else 22))


class FtpFetcher:
    def __init__(self, spec: HostSpec, password: str):
        self.spec = spec
        self.ftp = ftplib.FTP()
        self.ftp.connect(spec.address, spec.port, timeout=20)
        self.ftp.login(spec.user, password)
        self.ftp.cwd(spec.remote_dir)

    def list(self):
        return self.ftp.nlst()

    def fetch(self, name: str, dest: Path):
        with dest.open("wb") as fh:
            self.ftp.retrbinary(f"RETR {name}", fh.write)

    def close(self):
        try:
            self.ftp.quit()
        except ftplib.all_errors:
            self.ftp.close()


class SftpFetcher:
    def __init__(self, spec: HostSpec, password: str):
        self.spec = spec
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(spec.address, port=spec.port, username=spec.user,
                            password=password, timeout=20,
                            look_for_keys=False, allow_agent=False)
        self.sftp = self.client.open_sftp()

    def list(self):
        return self.sftp.listdir(self.spec.remote_dir)

    def fetch(self, name: str, dest: Path):
        self.sftp.get(posixpath.join(self.spec.remote_dir, name), str(dest))

    def close(self):
        self.sftp.close()
        self.client.close()


FETCHERS = {"ftp": FtpFetcher, "sftp": SftpFetcher}


def collect(spec: HostSpec, password: str, pattern: str, out_root: Path) -> int:
    fetcher_cls = FETCHERS.get(spec.protocol)
    if fetcher_cls is None:
        raise ValueError(f"unsupported protocol {spec.protocol!r}")
    dest_dir = out_root / spec.name
    dest_dir.mkdir(parents=True, exist_ok=True)
    fetcher = fetcher_cls(spec, password)
    count = 0
    try:
        for name in fetcher.list():
            base = posixpath.basename(name)
            if not base or not fnmatch.fnmatch(base, pattern):
                continue
            dest = dest_dir / base
            if dest.exists():
                log.debug("%s: already have %s", spec.name, base)
                continue
            fetcher.fetch(base, dest)
            count += 1
    finally:
        fetcher.close()
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="collect lab logs")
    ap.add_argument("--config", type=Path, default=Path("collector.json"))
    ap.add_argument("--pattern", default="app.log.*.gz")
    ap.add_argument("--out", type=Path, default=Path("collected"))
    ap.add_argument("--only", nargs="*", help="limit to these host names")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        hosts = [HostSpec(h) for h in json.loads(args.config.read_text())["hosts"]]
    except (OSError, KeyError, ValueError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2
    if args.only:
        hosts = [h for h in hosts if h.name in args.only]
    password = getpass.getpass("log account password: ")
    failures = 0
    for spec in hosts:
        try:
            n = collect(spec, password, args.pattern, args.out)
            log.info("%s: fetched %d file(s) via %s", spec.name, n, spec.protocol)
        except (OSError, ValueError, ftplib.all_errors, paramiko.SSHException) as exc:
            log.error("%s: %s", spec.name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

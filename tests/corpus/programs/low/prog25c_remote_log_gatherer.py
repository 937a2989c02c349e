#!/usr/bin/env python3
"""Gather rotated application logs from the lab machines over SFTP.

Hosts are listed in collector.json:
    {"hosts": [{"name": "lab-a", "address": "10.2.0.11",
                "user": "logs", "remote_dir": "/var/log/app"}, ...]}
Host keys must already be present in the user's known_hosts file.
Logs land in ./collected/<name>/.
"""
import argparse
import fnmatch
import getpass
import json
import logging
import posixpath
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("log_gatherer")


class HostSpec:
    def __init__(self, raw: dict):
        self.name = raw["name"]
        self.address = raw["address"]
        self.user = raw.get("user", "logs")
        self.remote_dir = raw.get("remote_dir", "/var/log/app")
        self.port = int(raw.get("port", 22))


class SftpFetcher:
    def __init__(self, spec: HostSpec, password: str, known_hosts: Path = None):
        self.spec = spec
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        if known_hosts is not None and known_hosts.exists():
            self.client.load_host_keys(str(known_hosts))
        self.client.set_missing_host_key_policy(paramiko.RejectPolicy())
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


def collect(spec: HostSpec, password: str, pattern: str, out_root: Path,
            known_hosts: Path) -> int:
    dest_dir = out_root / spec.name
    dest_dir.mkdir(parents=True, exist_ok=True)
    fetcher = SftpFetcher(spec, password, known_hosts)
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
    ap = argparse.ArgumentParser(description="gather lab logs")
    ap.add_argument("--config", type=Path, default=Path("collector.json"))
    ap.add_argument("--pattern", default="app.log.*.gz")
    ap.add_argument("--out", type=Path, default=Path("collected"))
    ap.add_argument("--known-hosts", type=Path, default=Path("lab_known_hosts"),
                    help="extra known_hosts file kept with the project")
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
            n = collect(spec, password, args.pattern, args.out, args.known_hosts)
            log.info("%s: fetched %d file(s) via sftp", spec.name, n)
        except paramiko.BadHostKeyException as exc:
            log.error("%s: host key mismatch, refusing: %s", spec.name, exc)
            failures += 1
        except (OSError, paramiko.SSHException) as exc:
            log.error("%s: %s", spec.name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

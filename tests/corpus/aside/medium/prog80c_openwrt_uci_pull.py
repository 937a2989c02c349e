#!/usr/bin/env python3
"""Pull the UCI configuration from one or more OpenWrt devices over SSH.

For every device in ``devices.toml`` this runs ``uci export`` on the box,
splits the output per package (network, wireless, firewall, dhcp, ...) and
writes it to ``configs/<device>/<package>`` so the tree can be committed to
git and diffed between runs.
"""
import argparse
import logging
import socket
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import paramiko

log = logging.getLogger("uci-pull")

DEFAULT_SETTINGS = {
    "user": "root",
    "port": 22,
    "key": "~/.ssh/id_ed25519",
    # new APs get flashed often enough that pinning keys was more hassle
    # than it was worth; see README for switching to RejectPolicy
    "host_key_policy": "AutoAddPolicy",
    "timeout": 10,
}


def load_devices(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    defaults = {**DEFAULT_SETTINGS, **data.get("defaults", {})}
    for name, dev in data.get("device", {}).items():
        yield name, {**defaults, **dev}


def connect(host, cfg):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    policy_cls = getattr(paramiko, cfg["host_key_policy"])
    client.set_missing_host_key_policy(policy_cls())
    client.connect(host, port=int(cfg["port"]), username=cfg["user"],
                   key_filename=str(Path(cfg["key"]).expanduser()),
                   timeout=cfg["timeout"], banner_timeout=cfg["timeout"],
                   look_for_keys=False, allow_agent=True)
    return client


def split_packages(export_text):
    packages, current, lines = {}, None, []
    for line in export_text.splitlines():
        if line.startswith("package "):
            if current:
                packages[current] = "\n".join(lines).strip() + "\n"
            current, lines = line.split(None, 1)[1].strip(), []
        lines.append(line)
    if current:
        packages[current] = "\n".join(lines).strip() + "\n"
    return packages


def redact(text, fields=("key", "password", "psk")):
    out = []
    for line in text.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[0] == "option" and parts[1] in fields:
            line = f"\toption {parts[1]} '<redacted>'"
        out.append(line)
    return "\n".join(out) + "\n"


def pull_device(name, cfg, out_root, keep_secrets):
    host = cfg.get("host", name)
    client = connect(host, cfg)
    try:
        _, stdout, stderr = client.exec_command("uci export", timeout=cfg["timeout"])
        text = stdout.read().decode("utf-8", "replace")
        if stdout.channel.recv_exit_status() != 0:
            raise RuntimeError(stderr.read().decode().strip() or "uci export failed")
    finally:
        client.close()

    target = out_root / name
    target.mkdir(parents=True, exist_ok=True)
    changed = 0
    for pkg, body in split_packages(text).items():
        body = body if keep_secrets else redact(body)
        path = target / pkg
        if not path.exists() or path.read_text() != body:
            path.write_text(body)
            changed += 1
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devices", default="devices.toml")
    ap.add_argument("--out", type=Path, default=Path("configs"))
    ap.add_argument("--keep-secrets", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        devices = list(load_devices(args.devices))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.devices, exc)
        return 1

    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(pull_device, n, c, args.out, args.keep_secrets): n for n, c in devices}
        for fut in as_completed(futs):
            name = futs[fut]
            try:
                log.info("%s: %d package(s) changed", name, fut.result())
            except (paramiko.SSHException, socket.error, RuntimeError) as exc:
                log.error("%s: %s", name, exc)
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

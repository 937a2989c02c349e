#!/usr/bin/env python3
"""Open and mount the encrypted records vault used for closed-matter archives.

Closed matters are kept on a LUKS volume that is only attached while the
archivist is working.  This helper opens the volume with the key file named
in vault.toml, mounts it read-only (or read-write for ingest sessions) and
records each session in ./vault_sessions.jsonl for the access review.
"""
import argparse
import getpass
import json
import logging
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

LOG = logging.getLogger("vault")

DEFAULT_CONFIG = {
    "device": "/dev/disk/by-partlabel/records-vault",
    "mapper_name": "records_vault",
    "mountpoint": "/srv/records-vault",
    "key_file": "~/.config/records-vault/vault.key",
    "fs_options": "nosuid,nodev,noexec",
}


class Elevated:
    """Runs the handful of commands that need root via sudo."""

    def __init__(self, non_interactive=True):
        self.prefix = ["sudo", "-n"] if non_interactive else ["sudo"]
        if not shutil.which("sudo"):
            raise SystemExit("sudo is required to attach the vault")

    def run(self, *argv, check=True):
        cmd = [*self.prefix, *argv]
        LOG.debug("exec %s", shlex.join(cmd))
        result = subprocess.run(cmd, capture_output=True, text=True)
        if check and result.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed: {result.stderr.strip()}")
        return result


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        with path.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("vault", {}))
    cfg["key_file"] = str(Path(cfg["key_file"]).expanduser())
    return cfg


def record_session(action, cfg, mode):
    entry = {"ts": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "user": getpass.getuser(),
             "action": action, "mode": mode, "device": cfg["device"]}
    with open("vault_sessions.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")


def is_mounted(mountpoint):
    with open("/proc/self/mounts", encoding="utf-8") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def attach(cfg, root, writable):
    mapper = f"/dev/mapper/{cfg['mapper_name']}"
    if is_mounted(cfg["mountpoint"]):
        LOG.info("vault already mounted at %s", cfg["mountpoint"])
        return
    if not Path(mapper).exists():
        root.run("cryptsetup", "open", "--type", "luks2", "--key-file", cfg["key_file"],
                 cfg["device"], cfg["mapper_name"])
        LOG.info("opened %s as %s", cfg["device"], mapper)
    root.run("mkdir", "-p", cfg["mountpoint"])
    opts = ("rw," if writable else "ro,") + cfg["fs_options"]
    try:
        root.run("mount", "-o", opts, mapper, cfg["mountpoint"])
    except RuntimeError:
        root.run("cryptsetup", "close", cfg["mapper_name"], check=False)
        raise
    LOG.info("mounted %s (%s)", cfg["mountpoint"], opts)


def detach(cfg, root):
    if is_mounted(cfg["mountpoint"]):
        root.run("umount", cfg["mountpoint"])
        LOG.info("unmounted %s", cfg["mountpoint"])
    if Path(f"/dev/mapper/{cfg['mapper_name']}").exists():
        root.run("cryptsetup", "close", cfg["mapper_name"])
        LOG.info("closed %s", cfg["mapper_name"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["attach", "detach", "status"])
    ap.add_argument("-c", "--config", type=Path, default=Path("vault.toml"))
    ap.add_argument("--ingest", action="store_true", help="mount read-write")
    ap.add_argument("--prompt", action="store_true", help="let sudo prompt for a password")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")
    cfg = load_config(args.config)

    if args.action == "status":
        print("mounted" if is_mounted(cfg["mountpoint"]) else "detached")
        return 0
    root = Elevated(non_interactive=not args.prompt)
    try:
        if args.action == "attach":
            if not Path(cfg["key_file"]).is_file():
                LOG.error("key file %s missing", cfg["key_file"])
                return 2
            attach(cfg, root, args.ingest)
        else:
            detach(cfg, root)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    record_session(args.action, cfg, "rw" if args.ingest else "ro")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Attach the regional NAS share that holds hire contracts and PAT certificates.

Depot PCs read signed contracts and PAT certificates from the regional NAS
(\\\\nas-region2\\depot-docs).  This reads the share details from
nas_share.json, writes a credentials file only the current user can read,
mounts the share under ./mnt/depot-docs and verifies the expected folders
are there.  Run with --detach to unmount.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nas-mount")

REQUIRED_DIRS = ("contracts", "pat-certs")


def load_share(path):
    with open(path) as fh:
        cfg = json.load(fh)
    for key in ("server", "share", "username"):
        if key not in cfg:
            raise KeyError(f"{path}: missing '{key}'")
    cfg.setdefault("domain", "TOOLHIRE")
    cfg.setdefault("vers", "3.0")
    return cfg


def write_credentials(cfg, dest):
    password = os.environ.get("NAS_PASSWORD") or cfg.get("password")
    if not password:
        raise RuntimeError("set NAS_PASSWORD or put password in the share file")
    dest.write_text(f"username={cfg['username']}\npassword={password}\ndomain={cfg['domain']}\n")
    dest.chmod(0o600)
    return dest


def elevated(cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    full = prefix + cmd
    log.debug("running: %s", shlex.join(full))
    return subprocess.run(full, capture_output=True, text=True)


def is_mounted(target):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == str(target) for line in fh)


def attach(cfg, target, cred_file):
    target.mkdir(parents=True, exist_ok=True)
    if is_mounted(target):
        log.info("%s already mounted", target)
        return True
    opts = ",".join([
        f"credentials={cred_file}",
        f"uid={os.getuid()}",
        f"gid={os.getgid()}",
        f"vers={cfg['vers']}",
        "file_mode=0640",
        "dir_mode=0750",
        "ro" if cfg.get("read_only", True) else "rw",
    ])
    source = f"//{cfg['server']}/{cfg['share']}"
    res = elevated(["mount", "-t", "cifs", source, str(target), "-o", opts])
    if res.returncode != 0:
        log.error("mount failed: %s", res.stderr.strip() or res.stdout.strip())
        return False
    log.info("mounted %s on %s", source, target)
    return True


def detach(target):
    if not is_mounted(target):
        log.info("%s not mounted", target)
        return True
    res = elevated(["umount", str(target)])
    if res.returncode != 0:
        log.error("umount failed: %s", res.stderr.strip())
        return False
    return True


def verify(target):
    missing = [d for d in REQUIRED_DIRS if not (target / d).is_dir()]
    if missing:
        log.warning("share mounted but missing: %s", ", ".join(missing))
        return False
    counts = {d: sum(1 for _ in (target / d).iterdir()) for d in REQUIRED_DIRS}
    log.info("share contents: %s", counts)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="nas_share.json")
    ap.add_argument("--target", default="mnt/depot-docs", type=Path)
    ap.add_argument("--detach", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    target = args.target.resolve()
    if args.detach:
        return 0 if detach(target) else 1

    try:
        cfg = load_share(args.config)
        cred = write_credentials(cfg, Path(".nas-credentials").resolve())
    except (OSError, KeyError, RuntimeError, json.JSONDecodeError) as exc:
        log.error("%s", exc)
        return 2

    if not attach(cfg, target, cred):
        return 1
    return 0 if verify(target) else 3


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Copy exported footage off a customer NVR's SMB share.

Most of the NVRs we fit can export evidence clips to their own SMB share.
This mounts that share read-only on the office PC, copies anything newer
than the last run into ./footage/<site>/, and unmounts again.

Site definitions live in nvr_sites.toml:

    [sites.bakery_lane]
    host = "10.20.4.12"
    share = "export"
    user = "backup"
    password = "..."
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("nvr-share")

STATE = Path(".nvr_share_state.json")
MOUNT_BASE = Path("./mnt")


def privileged(cmd):
    if os.geteuid() == 0:
        return cmd
    return ["sudo", "-n"] + cmd


def write_credentials(site, conf):
    cred = Path(f".cred_{site}")
    cred.write_text(f"username={conf['user']}\npassword={conf['password']}\n")
    os.chmod(cred, 0o600)
    return cred


@contextmanager
def mounted(site, conf):
    point = (MOUNT_BASE / site).resolve()
    point.mkdir(parents=True, exist_ok=True)
    cred = write_credentials(site, conf)
    source = f"//{conf['host']}/{conf.get('share', 'export')}"
    opts = ",".join([
        f"credentials={cred.resolve()}",
        "ro", "vers=" + str(conf.get("smb_version", "2.1")),
        f"uid={os.getuid()}", f"gid={os.getgid()}",
    ])
    cmd = privileged(["mount", "-t", "cifs", source, str(point), "-o", opts])
    log.info("mounting %s on %s", source, point)
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    finally:
        cred.unlink(missing_ok=True)
    if res.returncode:
        raise RuntimeError(f"mount failed: {res.stderr.strip()}")
    try:
        yield point
    finally:
        subprocess.run(privileged(["umount", str(point)]), check=False)
        log.info("unmounted %s", point)


def copy_new(src_root, dest_root, since):
    newest = since
    copied = 0
    for path in sorted(src_root.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in (".mp4", ".avi", ".jpg", ".mkv"):
            continue
        mtime = path.stat().st_mtime
        if mtime <= since:
            continue
        target = dest_root / path.relative_to(src_root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        copied += 1
        newest = max(newest, mtime)
    return copied, newest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sites", nargs="*", help="site names (default: all)")
    ap.add_argument("--config", default="nvr_sites.toml")
    ap.add_argument("--out", default="footage")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.config, "rb") as fh:
        sites = tomllib.load(fh).get("sites", {})
    state = json.loads(STATE.read_text()) if STATE.exists() else {}
    wanted = args.sites or list(sites)

    failures = 0
    for name in wanted:
        conf = sites.get(name)
        if conf is None:
            log.error("unknown site %s", name)
            failures += 1
            continue
        try:
            with mounted(name, conf) as point:
                n, newest = copy_new(point, Path(args.out) / name, state.get(name, 0.0))
        except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
            log.error("%s: %s", name, exc)
            failures += 1
            continue
        state[name] = newest
        log.info("%s: copied %d files", name, n)

    STATE.write_text(json.dumps(state, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Attach (or detach) the team NFS shares listed in shares.ini.

Command lines are assembled from small templates so the same table can
drive mount, umount and the status check; privileged steps are prefixed
with sudo unless we already run as root.
"""

import argparse
import configparser
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nfs-attach")

MOUNT_ROOT = "/mnt/team"
DEFAULT_OPTS = "vers=4.2,rw,noatime,hard,timeo=600,retrans=2,_netdev"

TEMPLATES = {
    "mkdir":  "mkdir -p {target}",
    "mount":  "mount -t nfs4 -o {opts} {server}:{export} {target}",
    "umount": "umount -l {target}",
    "check":  "findmnt -n -o SOURCE,FSTYPE {target}",
}
PRIVILEGED = {"mkdir", "mount", "umount"}


def elevate(argv):
    if os.geteuid() == 0:
        return argv
    return ["sudo", "-n", "--"] + argv


def build(step, share):
    text = TEMPLATES[step].format(**share)
    argv = shlex.split(text)
    return elevate(argv) if step in PRIVILEGED else argv


def sh(argv, check=True, dry=False):
    log.debug("+ %s", " ".join(shlex.quote(a) for a in argv))
    if dry:
        print(" ".join(shlex.quote(a) for a in argv))
        return subprocess.CompletedProcess(argv, 0, "", "")
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def load_shares(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise SystemExit(f"cannot read {path}")
    shares = []
    for name in cp.sections():
        sec = cp[name]
        shares.append({
            "name": name,
            "server": sec["server"],
            "export": sec.get("export", f"/export/{name}"),
            "target": sec.get("target", f"{MOUNT_ROOT}/{name}"),
            "opts": sec.get("options", DEFAULT_OPTS),
        })
    return shares


def is_mounted(share):
    res = sh(build("check", share), check=False)
    return res.returncode == 0 and res.stdout.strip() != ""


def attach(share, dry):
    if not dry and is_mounted(share):
        log.info("%-12s already mounted at %s", share["name"], share["target"])
        return True
    for step in ("mkdir", "mount"):
        try:
            sh(build(step, share), dry=dry)
        except subprocess.CalledProcessError as exc:
            log.error("%s: %s failed: %s", share["name"], step, exc.stderr.strip())
            return False
    log.info("%-12s mounted %s:%s", share["name"], share["server"], share["export"])
    return True


def detach(share, dry):
    if not dry and not is_mounted(share):
        log.info("%-12s not mounted", share["name"])
        return True
    try:
        sh(build("umount", share), dry=dry)
    except subprocess.CalledProcessError as exc:
        log.error("%s: umount failed: %s", share["name"], exc.stderr.strip())
        return False
    log.info("%-12s detached", share["name"])
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["up", "down", "status"])
    ap.add_argument("-c", "--config", type=Path, default=Path("shares.ini"))
    ap.add_argument("--only", nargs="*")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    shares = load_shares(args.config)
    if args.only:
        shares = [s for s in shares if s["name"] in args.only]

    ok = True
    for share in shares:
        if args.action == "up":
            ok &= attach(share, args.dry_run)
        elif args.action == "down":
            ok &= detach(share, args.dry_run)
        else:
            state = "mounted" if is_mounted(share) else "-"
            print(f"{share['name']:<14}{state:<9}{share['server']}:{share['export']}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

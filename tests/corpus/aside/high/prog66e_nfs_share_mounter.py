#!/usr/bin/env python3
"""Mount the team NFS shares listed in shares.toml.

Each share is probed with showmount/rpcinfo first so an unreachable filer
produces a clear message instead of a hung mount, then mounted with the
options from the file. With --persist (the default) a matching line is
appended to /etc/fstab so the share comes back after a reboot.

shares.toml:

    [[share]]
    server = "filer02.corp.example"
    export = "/vol/projects"
    mountpoint = "/mnt/projects"
    options = "vers=4.1,hard,timeo=600,retrans=2"
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass

log = logging.getLogger("nfs-share-mounter")

FSTAB = "/etc/fstab"


@dataclass
class Share:
    server: str
    export: str
    mountpoint: str
    options: str = "vers=4.1,hard"

    @property
    def source(self):
        return f"{self.server}:{self.export}"


def load_shares(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    return [Share(**s) for s in data.get("share", [])]


def run(cmd, timeout=20):
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def probe_server(share):
    """Return None if the server exports share.export, else an error string."""
    if shutil.which("rpcinfo"):
        r = run(["rpcinfo", "-T", "tcp", share.server, "nfs", "4"])
        if r.returncode != 0:
            return f"nfs v4 not answering on {share.server}"
    if shutil.which("showmount"):
        try:
            r = run(["showmount", "--no-headers", "-e", share.server])
        except subprocess.TimeoutExpired:
            return "showmount timed out"
        exports = {line.split()[0] for line in r.stdout.splitlines() if line.strip()}
        if exports and share.export not in exports:
            return f"{share.export} not in export list ({', '.join(sorted(exports))})"
    return None


def is_mounted(mountpoint):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def mount_share(share):
    os.makedirs(share.mountpoint, exist_ok=True)
    r = run(["mount", "-t", "nfs4", "-o", share.options, share.source,
             share.mountpoint], timeout=60)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip() or f"mount exited {r.returncode}")


def persist(share):
    line = f"{share.source}\t{share.mountpoint}\tnfs4\t{share.options},_netdev\t0 0\n"
    with open(FSTAB) as fh:
        for existing in fh:
            fields = existing.split()
            if len(fields) >= 2 and fields[1] == share.mountpoint:
                log.info("fstab already has %s", share.mountpoint)
                return
    with open(FSTAB, "a") as fh:
        fh.write(f"# added by nfs-share-mounter\n{line}")
    log.info("added %s to %s", share.mountpoint, FSTAB)


def main():
    ap = argparse.ArgumentParser(description="mount configured NFS shares")
    ap.add_argument("-f", "--file", default="shares.toml")
    ap.add_argument("--no-persist", dest="persist", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    try:
        shares = load_shares(args.file)
    except (OSError, tomllib.TOMLDecodeError, TypeError) as exc:
        log.error("cannot read %s: %s", args.file, exc)
        return 2

    failures = 0
    for share in shares:
        problem = probe_server(share)
        if problem:
            log.error("%s: %s", share.source, problem)
            failures += 1
            continue
        if is_mounted(share.mountpoint):
            log.info("%s already mounted", share.mountpoint)
        else:
            try:
                mount_share(share)
                log.info("mounted %s on %s", share.source, share.mountpoint)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                log.error("mount %s failed: %s", share.source, exc)
                failures += 1
                continue
        if args.persist:
            try:
                persist(share)
            except PermissionError:
                log.error("cannot write %s, run as root", FSTAB)
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

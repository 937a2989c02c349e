#!/usr/bin/env python3
"""Mount the CCTV footage share from the college NAS on the assessor PC.

Practice-room footage is stored on the NAS; assessors review it locally when
marking observation units. This mounts the share read-only at the configured
mount point, or unmounts it at the end of a marking session.
"""
import argparse
import configparser
import logging
import os
import shlex
import subprocess
from pathlib import Path

LOG = logging.getLogger("nas_mount")

DEFAULT_CFG = """
[nas]
server = 203.0.113.20
share = cctv-practice
mountpoint = /mnt/cctv
vers = 3.0
credentials = nas.cred

[elevate]
# first tool found on the PATH is used for the privileged steps
order = sudo pkexec
"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CFG)
    if path and Path(path).exists():
        cfg.read(path)
    return cfg


def which(name):
    for d in os.environ.get("PATH", "").split(os.pathsep):
        p = Path(d) / name
        if p.is_file() and os.access(p, os.X_OK):
            return str(p)
    return None


class Privileged:
    """Runs commands with whichever elevation helper is available."""

    def __init__(self, order):
        self.prefix = []
        if os.geteuid() != 0:
            for tool in order.split():
                found = which(tool)
                if found:
                    self.prefix = [found]
                    break

    def run(self, *argv, check=True):
        cmd = self.prefix + list(argv)
        LOG.debug("running %s", shlex.join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)


def write_credentials(path, user, password):
    p = Path(path)
    p.write_text(f"username={user}\npassword={password}\n", encoding="utf-8")
    os.chmod(p, 0o600)
    return p.resolve()


def is_mounted(mountpoint):
    with open("/proc/mounts", encoding="utf-8") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def do_mount(cfg, priv):
    nas = cfg["nas"]
    mp = nas["mountpoint"]
    if is_mounted(mp):
        LOG.info("%s already mounted", mp)
        return
    cred = Path(nas["credentials"]).resolve()
    if not cred.exists():
        user = os.environ.get("NAS_USER")
        pw = os.environ.get("NAS_PASSWORD")
        if not (user and pw):
            raise SystemExit("set NAS_USER and NAS_PASSWORD or provide a credentials file")
        cred = write_credentials(cred, user, pw)
    priv.run("mkdir", "-p", mp)
    opts = ",".join([f"credentials={cred}", f"vers={nas['vers']}", "ro",
                     f"uid={os.getuid()}", f"gid={os.getgid()}"])
    verb = "".join(["mo", "unt"])
    priv.run(verb, "-t", "cifs", f"//{nas['server']}/{nas['share']}", mp, "-o", opts)
    LOG.info("mounted //%s/%s at %s", nas["server"], nas["share"], mp)


def do_unmount(cfg, priv):
    mp = cfg["nas"]["mountpoint"]
    if not is_mounted(mp):
        LOG.info("%s is not mounted", mp)
        return
    result = priv.run("umount", mp, check=False)
    if result.returncode != 0:
        LOG.error("unmount failed: %s", result.stderr.strip())
    else:
        LOG.info("unmounted %s", mp)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["mount", "unmount", "status"])
    parser.add_argument("--config", default="nas_mount.ini")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    priv = Privileged(cfg["elevate"]["order"])
    try:
        if args.action == "mount":
            do_mount(cfg, priv)
        elif args.action == "unmount":
            do_unmount(cfg, priv)
        else:
            mp = cfg["nas"]["mountpoint"]
            print(f"{mp}: {'mounted' if is_mounted(mp) else 'not mounted'}")
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed (%s): %s", exc.returncode, (exc.stderr or "").strip())
        raise SystemExit(1)


if __name__ == "__main__":
    main()

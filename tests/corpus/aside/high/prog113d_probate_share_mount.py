#!/usr/bin/env python3
"""Attach the probate registry document share on a clerk workstation.

The registry publishes grant and caveat documents on an SMB share.  This
helper writes a per-user credentials file, mounts the share read-only under
/mnt/probate-registry with the clerk's uid/gid, and can detach it again at
the end of the day.
"""
import argparse
import configparser
import getpass
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("registry-mount")

CONF_PATH = Path.home() / ".config" / "probate-registry" / "share.ini"
DEFAULTS = {
    "share": "//registry-files.example-courts.gov/grants",
    "mountpoint": "/mnt/probate-registry",
    "domain": "COURTS",
    "vers": "3.0",
}


def load_conf():
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(CONF_PATH)
    return cfg["DEFAULT"] if not cfg.has_section("registry") else cfg["registry"]


def write_credentials(username, password, domain):
    cred = CONF_PATH.parent / "credentials"
    cred.parent.mkdir(parents=True, exist_ok=True)
    cred.write_text(f"username={username}\npassword={password}\ndomain={domain}\n")
    os.chmod(cred, 0o600)
    return cred


def is_mounted(mountpoint):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def run(cmd):
    log.debug("running %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("%s failed: %s", cmd[0], res.stderr.strip())
    return res.returncode


def attach(conf, cred):
    mp = conf["mountpoint"]
    if is_mounted(mp):
        log.info("%s already mounted", mp)
        return 0
    os.makedirs(mp, exist_ok=True)
    opts = ",".join([
        f"credentials={cred}",
        f"uid={os.getuid()}",
        f"gid={os.getgid()}",
        f"vers={conf['vers']}",
        "ro",
        "file_mode=0440",
        "dir_mode=0550",
        "nosuid",
        "nodev",
    ])
    rc = run(["mount", "-t", "cifs", conf["share"], mp, "-o", opts])
    if rc == 0:
        log.info("mounted %s on %s", conf["share"], mp)
    return rc


def detach(conf):
    mp = conf["mountpoint"]
    if not is_mounted(mp):
        log.info("%s is not mounted", mp)
        return 0
    rc = run(["umount", mp])
    if rc != 0:
        log.warning("busy, retrying lazily")
        rc = run(["umount", "-l", mp])
    return rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["attach", "detach", "status"])
    ap.add_argument("--user", default=os.environ.get("REGISTRY_USER", getpass.getuser()))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    conf = load_conf()
    if args.action == "status":
        print("mounted" if is_mounted(conf["mountpoint"]) else "not mounted")
        return 0
    if args.action == "detach":
        return detach(conf)

    password = os.environ.get("REGISTRY_PASSWORD") or getpass.getpass(
        f"Registry password for {conf['domain']}\\{args.user}: ")
    cred = write_credentials(args.user, password, conf["domain"])
    return attach(conf, cred)


if __name__ == "__main__":
    sys.exit(main())

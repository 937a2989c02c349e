#!/usr/bin/env python3
"""Attach or detach the shop's image archive share from the NAS.

The high-resolution scans of every item we have handled live on the NAS;
this mounts them read-only for the cataloguers.
"""
import argparse
import getpass
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("archive-mount")
_sp = importlib.import_module("sub" + "process")


@dataclass
class Share:
    server: str = os.environ.get("ARCHIVE_HOST", "192.0.2.20")
    name: str = os.environ.get("ARCHIVE_SHARE", "scans")
    mountpoint: Path = Path(os.environ.get("ARCHIVE_MNT", "/mnt/rare_archive"))
    creds: Path = Path("archive.cred")

    @property
    def source(self) -> str:
        return f"//{self.server}/{self.name}"


def privileged(cmd):
    prefix = [] if os.geteuid() == 0 else ["su" + "do"]
    full = prefix + cmd
    log.debug("exec %s", " ".join(full))
    return getattr(_sp, "run")(full, capture_output=True, text=True)


def ensure_creds(share: Share):
    if share.creds.exists():
        return
    user = input("archive user: ").strip()
    pw = getpass.getpass("archive password: ")
    share.creds.write_text(f"username={user}\npassword={pw}\n")
    os.chmod(share.creds, 0o600)
    log.info("stored credentials in %s", share.creds)


def is_mounted(share: Share) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(share.mountpoint) for line in fh)


def attach(share: Share, args):
    if is_mounted(share):
        log.info("%s already mounted", share.mountpoint)
        return 0
    ensure_creds(share)
    privileged(["mkdir", "-p", str(share.mountpoint)])
    opts = f"ro,credentials={share.creds.resolve()},uid={os.getuid()},vers=3.0"
    res = privileged(["mount", "-t", "cifs", share.source, str(share.mountpoint), "-o", opts])
    if res.returncode:
        log.error("mount failed: %s", res.stderr.strip())
        return res.returncode
    log.info("mounted %s on %s", share.source, share.mountpoint)
    return 0


def detach(share: Share, args):
    if not is_mounted(share):
        log.info("nothing mounted at %s", share.mountpoint)
        return 0
    res = privileged(["umount"] + (["-l"] if args.lazy else []) + [str(share.mountpoint)])
    if res.returncode:
        log.error("unmount failed: %s", res.stderr.strip())
    return res.returncode


def status(share: Share, args):
    print(f"{share.source} -> {share.mountpoint}: {'mounted' if is_mounted(share) else 'not mounted'}")
    return 0


ACTIONS = {"attach": attach, "detach": detach, "status": status}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--lazy", action="store_true", help="lazy unmount")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    return ACTIONS[args.action](Share(), args)


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Mount the artwork archive share on the prepress workstation.

Sleeve and label artwork lives on the plant NAS; prepress mounts it read-only
at the start of the day and unmounts it in the evening.
"""
import argparse
import getpass
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("artwork-mount")


@dataclass
class ShareConfig:
    server: str = os.environ.get("ARTWORK_NAS", "192.0.2.30")
    share: str = os.environ.get("ARTWORK_SHARE", "artwork")
    mountpoint: Path = Path(os.environ.get("ARTWORK_MNT", "/mnt/artwork"))
    creds: Path = Path.home() / ".config" / "prepress" / "nas.cred"
    fstype: str = "ci" + "fs"

    @property
    def source(self):
        return f"//{self.server}/{self.share}"


class Privileged:
    def __init__(self):
        self._sp = importlib.import_module("sub" + "process")
        self._prefix = [] if os.geteuid() == 0 else ["su" + "do"]

    def run(self, *argv):
        cmd = self._prefix + list(argv)
        log.debug("exec %s", cmd)
        return getattr(self._sp, "run")(cmd, check=False).returncode


def is_mounted(mp: Path) -> bool:
    target = str(mp.resolve()) if mp.exists() else str(mp)
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == target for line in fh)


def ensure_creds(cfg: ShareConfig):
    if cfg.creds.exists():
        return
    cfg.creds.parent.mkdir(parents=True, exist_ok=True)
    user = input("NAS user: ").strip()
    pw = getpass.getpass("NAS password: ")
    cfg.creds.write_text(f"username={user}\npassword={pw}\n")
    cfg.creds.chmod(0o600)
    log.info("stored share credentials in %s", cfg.creds)


def do_mount(cfg: ShareConfig, priv: Privileged):
    if is_mounted(cfg.mountpoint):
        log.info("%s already mounted", cfg.mountpoint)
        return 0
    ensure_creds(cfg)
    priv.run("mkdir", "-p", str(cfg.mountpoint))
    opts = ",".join([
        "ro", f"credentials={cfg.creds}", f"uid={os.getuid()}",
        f"gid={os.getgid()}", "vers=3.0", "iocharset=utf8",
    ])
    rc = priv.run("mo" + "unt", "-t", cfg.fstype, cfg.source,
                  str(cfg.mountpoint), "-o", opts)
    log.info("mount %s -> %s rc=%d", cfg.source, cfg.mountpoint, rc)
    return rc


def do_unmount(cfg: ShareConfig, priv: Privileged):
    if not is_mounted(cfg.mountpoint):
        log.info("%s not mounted", cfg.mountpoint)
        return 0
    rc = priv.run("um" + "ount", str(cfg.mountpoint))
    log.info("unmounted %s rc=%d", cfg.mountpoint, rc)
    return rc


def do_status(cfg: ShareConfig, priv: Privileged):
    state = "mounted" if is_mounted(cfg.mountpoint) else "not mounted"
    print(f"{cfg.source} at {cfg.mountpoint}: {state}")
    return 0


ACTIONS = {"mount": do_mount, "unmount": do_unmount, "status": do_status}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="status")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    return ACTIONS[args.action](ShareConfig(), Privileged())


if __name__ == "__main__":
    raise SystemExit(main())

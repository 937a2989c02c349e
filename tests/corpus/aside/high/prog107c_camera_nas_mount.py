#!/usr/bin/env python3
"""Attach the yard camera archive share from the office NAS.

The camera archiver writes to /mnt/yardcam; on new yard PCs that path has to
be mounted from the NAS before the first run.  Connection details come from
nas.toml in the current directory:

    [share]
    server = "nas.yard.local"
    path = "yardcam"
    username = "yardcam-writer"
    password = "..."
    mountpoint = "/mnt/yardcam"
    vers = "3.0"
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("nas-mount")
CRED_DIR = Path.home() / ".config" / "yardcam"


class ShareMount:
    def __init__(self, conf: dict, use_sudo: bool = True):
        self.server = conf["server"]
        self.path = conf["path"]
        self.user = conf["username"]
        self.password = conf.get("password", "")
        self.mountpoint = Path(conf.get("mountpoint", "/mnt/yardcam"))
        self.vers = conf.get("vers", "3.0")
        self.prefix = ["sudo", "-n"] if use_sudo and os.geteuid() != 0 else []

    @property
    def unc(self) -> str:
        return f"//{self.server}/{self.path}"

    def _run(self, *cmd: str, check: bool = True) -> subprocess.CompletedProcess:
        full = self.prefix + list(cmd)
        LOG.debug("exec: %s", shlex.join(full))
        return subprocess.run(full, check=check, capture_output=True, text=True)

    def write_credentials(self) -> Path:
        CRED_DIR.mkdir(parents=True, exist_ok=True)
        cred = CRED_DIR / "nas.cred"
        cred.write_text(f"username={self.user}\npassword={self.password}\n")
        os.chmod(cred, 0o600)
        return cred

    def is_mounted(self) -> bool:
        with open("/proc/self/mounts") as fh:
            return any(line.split()[1] == str(self.mountpoint) for line in fh)

    def mount(self) -> None:
        if self.is_mounted():
            LOG.info("%s already mounted", self.mountpoint)
            return
        cred = self.write_credentials()
        self._run("install", "-d", "-m", "0755", str(self.mountpoint))
        opts = ",".join([
            f"credentials={cred}",
            f"vers={self.vers}",
            f"uid={os.getuid()}",
            f"gid={os.getgid()}",
            "file_mode=0640",
            "dir_mode=0750",
            "nofail",
        ])
        res = self._run("mount", "-t", "cifs", self.unc, str(self.mountpoint), "-o", opts, check=False)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "mount failed")
        LOG.info("mounted %s on %s", self.unc, self.mountpoint)

    def unmount(self) -> None:
        if not self.is_mounted():
            LOG.info("%s not mounted", self.mountpoint)
            return
        self._run("umount", str(self.mountpoint))
        LOG.info("unmounted %s", self.mountpoint)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["mount", "unmount", "status"], nargs="?", default="mount")
    ap.add_argument("-c", "--config", type=Path, default=Path("nas.toml"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        with args.config.open("rb") as fh:
            conf = tomllib.load(fh)["share"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.config, exc)
        return 2

    share = ShareMount(conf)
    try:
        if args.action == "mount":
            share.mount()
        elif args.action == "unmount":
            share.unmount()
        else:
            print("mounted" if share.is_mounted() else "not mounted")
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        LOG.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Mounts the lofting-floor file share on a drawing office laptop.

The full-size lines plans live on the NAS in the loft. This helper mounts the
share read-only (or read-write for the loftsman), lists new drawings, and
unmounts again when asked.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List

log = logging.getLogger("loftmount")


@dataclass
class ShareSpec:
    server: str = os.environ.get("LOFT_NAS", "192.0.2.20")
    share: str = os.environ.get("LOFT_SHARE", "lofting")
    mountpoint: Path = Path(os.environ.get("LOFT_MNT", "/mnt/lofting"))
    creds: Path = field(default_factory=lambda: Path.home() / ".config" / "loft" / "smb.cred")
    writable: bool = False

    @property
    def source(self) -> str:
        return f"//{self.server}/{self.share}"

    def options(self) -> str:
        opts = [
            f"credentials={self.creds}",
            f"uid={os.getuid()}",
            f"gid={os.getgid()}",
            "vers=3.0",
            "rw" if self.writable else "ro",
        ]
        return ",".join(opts)


def elevate(argv: List[str]) -> List[str]:
    if os.geteuid() == 0:
        return argv
    helper = os.environ.get("LOFT_ELEVATE", "su" + "do")
    return [helper, "-n"] + argv


def run(argv: List[str]) -> subprocess.CompletedProcess:
    log.debug("+ %s", shlex.join(argv))
    return subprocess.run(argv, capture_output=True, text=True)


def is_mounted(spec: ShareSpec) -> bool:
    try:
        with open("/proc/mounts") as fh:
            return any(line.split()[1] == str(spec.mountpoint) for line in fh)
    except OSError:
        return False


def check_creds(spec: ShareSpec) -> None:
    if not spec.creds.is_file():
        raise SystemExit(f"credentials file missing: {spec.creds}")
    if spec.creds.stat().st_mode & 0o077:
        spec.creds.chmod(0o600)
        log.info("tightened permissions on %s", spec.creds)


def do_mount(spec: ShareSpec) -> int:
    if is_mounted(spec):
        log.info("%s already mounted", spec.mountpoint)
        return 0
    check_creds(spec)
    steps = [
        ["mkdir", "-p", str(spec.mountpoint)],
        ["mount", "-t", "cifs", spec.source, str(spec.mountpoint), "-o", spec.options()],
    ]
    for argv in steps:
        res = run(elevate(argv))
        if res.returncode:
            log.error("%s failed: %s", argv[0], res.stderr.strip())
            return res.returncode
    log.info("mounted %s on %s", spec.source, spec.mountpoint)
    return 0


def do_umount(spec: ShareSpec) -> int:
    if not is_mounted(spec):
        log.info("not mounted")
        return 0
    res = run(elevate(["umount", str(spec.mountpoint)]))
    if res.returncode:
        log.error("umount failed: %s", res.stderr.strip())
    return res.returncode


def do_list(spec: ShareSpec) -> int:
    if not is_mounted(spec):
        log.error("mount the share first")
        return 1
    drawings = sorted(spec.mountpoint.rglob("*.dxf"), key=lambda p: p.stat().st_mtime, reverse=True)
    for p in drawings[:25]:
        print(f"{p.stat().st_size:>10}  {p.relative_to(spec.mountpoint)}")
    return 0


ACTIONS: Dict[str, Callable[[ShareSpec], int]] = {
    "mount": do_mount,
    "umount": do_umount,
    "list": do_list,
}


def main():
    ap = argparse.ArgumentParser(description="lofting share helper")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--rw", action="store_true", help="mount read-write (loftsman only)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")
    spec = ShareSpec(writable=args.rw)
    raise SystemExit(ACTIONS[args.action](spec))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Mounts the shop NAS shares (repair photos, shaping files, invoices).

Used on the shaping-bay PC and the office laptop; reads the share list
from nas_shares.json next to the script and mounts or unmounts them.
"""
import argparse
import asyncio
import json
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List

log = logging.getLogger("nas-mount")

NAS_HOST = os.environ.get("NAS_HOST", "192.0.2.40")
CRED_FILE = Path(os.environ.get("NAS_CRED_FILE", "~/.config/shopnas/credentials")).expanduser()
DEFAULT_SHARES = {
    "repairphotos": "/mnt/shop/repairphotos",
    "shapingfiles": "/mnt/shop/shapingfiles",
    "invoices": "/mnt/shop/invoices",
}


@dataclass
class Share:
    name: str
    mountpoint: Path
    readonly: bool = False

    @property
    def source(self) -> str:
        return f"//{NAS_HOST}/{self.name}"

    def options(self) -> str:
        uid, gid = os.getuid(), os.getgid()
        opts = [f"credentials={CRED_FILE}", f"uid={uid}", f"gid={gid}",
                "vers=3.0", "iocharset=utf8", "file_mode=0640", "dir_mode=0750"]
        opts.append("ro" if self.readonly else "rw")
        return ",".join(opts)


def load_shares(path: Path) -> List[Share]:
    data: Dict[str, object] = DEFAULT_SHARES
    if path.exists():
        data = json.loads(path.read_text())
    shares = []
    for name, spec in data.items():
        if isinstance(spec, dict):
            shares.append(Share(name, Path(spec["mountpoint"]), bool(spec.get("readonly"))))
        else:
            shares.append(Share(name, Path(str(spec))))
    return shares


def is_mounted(point: Path) -> bool:
    try:
        with open("/proc/mounts") as fh:
            return any(line.split()[1] == str(point) for line in fh)
    except OSError:
        return False


def _lift(argv: List[str]) -> List[str]:
    tool = "su" + "do"
    if os.geteuid() == 0 or not shutil.which(tool):
        return argv
    return [tool, "-n"] + argv


async def _run(argv: List[str]) -> int:
    proc = await asyncio.create_subprocess_exec(*_lift(argv))
    return await proc.wait()


async def mount_share(share: Share) -> int:
    if is_mounted(share.mountpoint):
        log.info("%s already mounted", share.mountpoint)
        return 0
    await _run(["mkdir", "-p", str(share.mountpoint)])
    rc = await _run(["mo" + "unt", "-t", "cifs", share.source, str(share.mountpoint),
                     "-o", share.options()])
    log.info("mount %s -> %s: %s", share.source, share.mountpoint, "ok" if rc == 0 else rc)
    return rc


async def unmount_share(share: Share) -> int:
    if not is_mounted(share.mountpoint):
        return 0
    rc = await _run(["u" + "mount", str(share.mountpoint)])
    log.info("unmounted %s: %s", share.mountpoint, "ok" if rc == 0 else rc)
    return rc


ACTIONS = {"up": mount_share, "down": unmount_share}


async def run(action: str, shares: List[Share]) -> int:
    if action == "up" and not CRED_FILE.exists():
        log.error("credentials file %s missing", CRED_FILE)
        return 1
    results = await asyncio.gather(*(ACTIONS[action](s) for s in shares))
    return 0 if all(r == 0 for r in results) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description="Shop NAS mount helper")
    parser.add_argument("action", choices=sorted(ACTIONS) + ["status"])
    parser.add_argument("--config", type=Path, default=Path(__file__).with_name("nas_shares.json"))
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    shares = load_shares(args.config)
    if args.only:
        shares = [s for s in shares if s.name in args.only]
    if args.action == "status":
        for s in shares:
            print(f"{s.source:<32} {s.mountpoint}  {'mounted' if is_mounted(s.mountpoint) else '-'}")
        return 0
    return asyncio.run(run(args.action, shares))


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Pull archived readings off the USB stick from a remote data logger.

Volunteers bring back the logger's USB stick; plugging it into the club
gateway and running this copies the new archive files into the dataset.
"""
import argparse
import asyncio
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("wx.usb")


@dataclass
class MountPlan:
    label: str
    target: Path
    fstype: str = "vfat"

    @property
    def device(self) -> Path:
        return Path("/dev/disk/by-label") / self.label

    def options(self) -> str:
        return f"ro,uid={os.getuid()},gid={os.getgid()},umask=022"


async def sh(*argv):
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    out, err = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[1] if len(argv) > 1 else argv[0]}: {err.decode().strip()}")
    return out.decode()


def privileged(verb):
    async def call(*rest):
        return await sh("sudo", verb, *rest)
    return call


do_mount = privileged("mount")
do_umount = privileged("umount")
do_mkdir = privileged("mkdir")


def copy_new(src: Path, dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for f in sorted(src.rglob("*.csv")):
        out = dest / f.name
        if out.exists() and out.stat().st_size == f.stat().st_size:
            continue
        shutil.copy2(f, out)
        copied += 1
    return copied


async def ingest(plan: MountPlan, dest: Path) -> int:
    if not plan.device.exists():
        raise FileNotFoundError(f"no device labelled {plan.label}")
    await do_mkdir("-p", str(plan.target))
    await do_mount("-t", plan.fstype, "-o", plan.options(), str(plan.device), str(plan.target))
    log.info("mounted %s at %s", plan.device.resolve(), plan.target)
    try:
        return await asyncio.to_thread(copy_new, plan.target / "ARCHIVE", dest)
    finally:
        await do_umount(str(plan.target))
        log.info("unmounted %s", plan.target)


def main():
    ap = argparse.ArgumentParser(description="copy logger archives from USB")
    ap.add_argument("--label", default="WXLOG")
    ap.add_argument("--mountpoint", type=Path, default=Path("/mnt/wxlog"))
    ap.add_argument("--dest", type=Path, default=Path("data/incoming"))
    ap.add_argument("--fstype", default="vfat")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    plan = MountPlan(args.label, args.mountpoint, args.fstype)
    try:
        n = asyncio.run(ingest(plan, args.dest))
    except (RuntimeError, FileNotFoundError) as exc:
        log.error("%s", exc)
        return 1
    log.info("copied %d new archive file(s) to %s", n, args.dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

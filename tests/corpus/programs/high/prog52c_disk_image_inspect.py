#!/usr/bin/env python3
"""Inspect a batch of raw disk images by loop-mounting them read-only.

Runs several images concurrently with asyncio subprocesses; elevation goes
through doas because the forensic workstation is OpenBSD-configured.
"""
import argparse
import asyncio
import json
import logging
import os
import tempfile
from pathlib import Path

log = logging.getLogger("imginspect")

ELEVATE = ["doas"]
INTERESTING = ["etc/hostname", "etc/os-release", "etc/fstab"]


async def run(*argv, check=True):
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    if check and proc.returncode != 0:
        raise RuntimeError(f"{argv[0:3]} rc={proc.returncode}: {err.decode().strip()}")
    return out.decode(errors="replace")


async def inspect(image, sem):
    async with sem:
        report = {"image": str(image), "files": {}, "error": None}
        mnt = tempfile.mkdtemp(prefix="img-", dir=os.getcwd())
        mounted = False
        try:
            await run(*ELEVATE, "mount", "-o", "loop,ro,noexec,nodev",
                      str(image), mnt)
            mounted = True
            for rel in INTERESTING:
                p = Path(mnt, rel)
                if p.is_file():
                    report["files"][rel] = p.read_text(errors="replace")[:2000]
            usage = await run("du", "-sh", mnt, check=False)
            report["size"] = usage.split()[0] if usage else None
        except (RuntimeError, OSError) as exc:
            report["error"] = str(exc)
        finally:
            if mounted:
                await run(*ELEVATE, "umount", mnt, check=False)
            try:
                os.rmdir(mnt)
            except OSError:
                pass
        log.info("%s: %s", image.name, report["error"] or "ok")
        return report


async def main_async(images, parallel):
    sem = asyncio.Semaphore(parallel)
    return await asyncio.gather(*(inspect(i, sem) for i in images))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("images", nargs="+", type=Path)
    ap.add_argument("--parallel", type=int, default=2)
    ap.add_argument("--out", default="image_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    missing = [i for i in args.images if not i.is_file()]
    if missing:
        ap.error(f"missing images: {', '.join(map(str, missing))}")
    reports = asyncio.run(main_async(args.images, args.parallel))
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(reports, fh, indent=2)
    log.info("wrote %s", args.out)


if __name__ == "__main__":
    main()

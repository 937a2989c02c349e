#!/usr/bin/env python3
"""Inspect the contents of a raw disk image produced by the appliance build.

A helper shell script attaches the image read-only, mounts the selected
partition under a scratch mount point, writes a file listing into the
working directory and unmounts again. The helper runs under doas because
loop-mounting requires root.
"""
import argparse
import logging
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("imginspect")


@dataclass
class InspectJob:
    image: Path
    partition: int
    mountpoint: Path
    listing: Path

    def helper_source(self) -> str:
        q = shlex.quote
        return "\n".join([
            "#!/bin/sh",
            "set -eu",
            f"IMG={q(str(self.image))}",
            f"MNT={q(str(self.mountpoint))}",
            f"OUT={q(str(self.listing))}",
            f"PART={self.partition}",
            'DEV="$(losetup --find --show --read-only --partscan "$IMG")"',
            'cleanup() { umount "$MNT" 2>/dev/null || true; losetup -d "$DEV"; }',
            "trap cleanup EXIT",
            'mkdir -p "$MNT"',
            'mount -o ro,noexec,nosuid "${DEV}p${PART}" "$MNT"',
            '(cd "$MNT" && find . -xdev -printf "%M %u %g %10s %p\\n" | sort -k5) > "$OUT"',
            'df -h "$MNT" | tail -n 1',
            "",
        ])


def run_job(job: InspectJob, helper_path: Path, elevate: str) -> int:
    helper_path.write_text(job.helper_source())
    helper_path.chmod(0o700)
    cmd = [elevate, "/bin/sh", str(helper_path)]
    log.info("running: %s", " ".join(map(shlex.quote, cmd)))
    try:
        out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as exc:
        log.error("helper exited %d: %s", exc.returncode, exc.stderr.strip())
        return exc.returncode
    log.info("filesystem: %s", out.stdout.strip())
    return 0


def summarise(listing: Path, top: int) -> None:
    rows = []
    for line in listing.read_text().splitlines():
        parts = line.split(None, 4)
        if len(parts) == 5 and parts[3].isdigit():
            rows.append((int(parts[3]), parts[4]))
    rows.sort(reverse=True)
    print(f"{len(rows)} entries; largest {top}:")
    for size, path in rows[:top]:
        print(f"  {size / 1048576:8.1f} MiB  {path}")
    suid = [l for l in listing.read_text().splitlines() if l[:10].count("s") > 0]
    print(f"{len(suid)} setuid/setgid entries")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("image", type=Path)
    ap.add_argument("-p", "--partition", type=int, default=2)
    ap.add_argument("--mountpoint", type=Path, default=Path("/mnt/imginspect"))
    ap.add_argument("--elevate", default="doas")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.image.is_file():
        log.error("image %s not found", args.image)
        return 2
    workdir = Path("inspect-out")
    workdir.mkdir(exist_ok=True)
    job = InspectJob(args.image.resolve(), args.partition, args.mountpoint,
                     (workdir / f"{args.image.stem}.p{args.partition}.txt").resolve())
    rc = run_job(job, workdir / "mount_and_list.sh", args.elevate)
    if rc == 0:
        summarise(job.listing, args.top)
    return rc


if __name__ == "__main__":
    sys.exit(main())

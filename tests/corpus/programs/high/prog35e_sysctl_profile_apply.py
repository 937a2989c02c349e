#!/usr/bin/env python3
"""Apply a kernel tuning profile to this host.

Renders a sysctl drop-in from the selected profile, installs it under
/etc/sysctl.d and reloads the kernel parameters.  Must be run as root on the
build fleet (the provisioning job does this).
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import shutil
import sys
from pathlib import Path
from string import Template

LOG = logging.getLogger("sysctl-apply")
DROPIN_DIR = Path("/etc/sysctl.d")

HEADER = Template(
    "# Managed by sysctl-apply (profile: $profile) - do not edit by hand\n"
    "# host: $hostname, cores: $cores\n"
)

PROFILES: dict[str, dict[str, object]] = {
    "ci-runner": {
        "fs.inotify.max_user_watches": lambda c: min(1048576, 65536 * c),
        "kernel.pid_max": lambda c: min(4194304, 32768 * c),
        "net.core.somaxconn": 4096,
        "vm.swappiness": 10,
    },
    "database": {
        "vm.overcommit_memory": 2,
        "vm.dirty_background_ratio": 5,
        "vm.dirty_ratio": 15,
        "vm.swappiness": 1,
    },
}


def count_cores() -> int:
    try:
        with open("/proc/cpuinfo") as fh:
            return max(1, sum(1 for line in fh if line.startswith("processor")))
    except OSError:
        return os.cpu_count() or 1


def render(profile: str, cores: int) -> str:
    settings = PROFILES[profile]
    lines = [HEADER.substitute(profile=profile, hostname=os.uname().nodename, cores=cores)]
    for key in sorted(settings):
        value = settings[key]
        if callable(value):
            value = value(cores)
        lines.append("%s = %s" % (key, value))
    return "\n".join(lines) + "\n"


def install(text: str, profile: str, dry_run: bool) -> Path:
    target = DROPIN_DIR / ("90-%s.conf" % profile)
    if dry_run:
        LOG.info("[dry-run] would write %s", target)
        return target
    if target.exists():
        backup = target.with_suffix(".conf.bak")
        shutil.copy2(target, backup)
        LOG.info("previous version saved as %s", backup)
    tmp = target.with_suffix(".tmp")
    tmp.write_text(text)
    os.chown(tmp, 0, 0)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    LOG.info("installed %s", target)
    return target


async def reload_kernel_params(dry_run: bool) -> int:
    argv = ["sysctl", "--system"]
    if dry_run:
        LOG.info("[dry-run] would run: %s", " ".join(argv))
        return 0
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    out, _ = await proc.communicate()
    for line in out.decode(errors="replace").splitlines():
        LOG.debug("sysctl: %s", line)
    return proc.returncode or 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("profile", choices=sorted(PROFILES))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("this tool must run as root (try --dry-run)")
        return 1

    text = render(args.profile, count_cores())
    LOG.debug("rendered:\n%s", text)
    install(text, args.profile, args.dry_run)
    rc = asyncio.run(reload_kernel_params(args.dry_run))
    if rc:
        LOG.error("sysctl --system exited with %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())

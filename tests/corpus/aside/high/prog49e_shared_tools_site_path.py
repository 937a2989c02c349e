#!/usr/bin/env python3
"""Expose the lab's shared Python tooling (/opt/labtools/python) to every
interpreter on this host by dropping a path-only .pth file into the system
site directory under /usr/local. The .pth contains a directory name only;
no import lines.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("site-path")
PTH_NAME = "labtools.pth"
DEFAULT_TOOLS = Path("/opt/labtools/python")


def system_site_dir() -> Path:
    ver = f"{sys.version_info.major}.{sys.version_info.minor}"
    for base in (f"/usr/local/lib/python{ver}/dist-packages",
                 f"/usr/local/lib/python{ver}/site-packages"):
        if os.path.isdir(base):
            return Path(base)
    return Path(f"/usr/local/lib/python{ver}/dist-packages")


def check_tools_dir(tools: Path) -> None:
    st = tools.stat()
    if st.st_uid != 0:
        raise PermissionError(f"{tools} must be owned by root")
    if st.st_mode & 0o022:
        raise PermissionError(f"{tools} must not be group/world writable")
    if not any(tools.iterdir()):
        raise FileNotFoundError(f"{tools} is empty")


def install(site: Path, tools: Path) -> Path:
    site.mkdir(parents=True, exist_ok=True)
    target = site / PTH_NAME
    content = f"{tools}\n"
    if target.exists() and target.read_text() == content:
        LOG.info("%s already current", target)
        return target
    tmp = target.with_suffix(".tmp")
    tmp.write_text(content)
    os.chown(tmp, 0, 0)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    LOG.info("installed %s -> %s", target, tools)
    return target


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tools", type=Path, default=DEFAULT_TOOLS)
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must run as root (system site directory)")
        return 2

    site = system_site_dir()
    if args.uninstall:
        try:
            (site / PTH_NAME).unlink()
            LOG.info("removed %s", site / PTH_NAME)
        except FileNotFoundError:
            LOG.info("nothing to remove")
        return 0

    try:
        check_tools_dir(args.tools)
        install(site, args.tools)
    except OSError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("new interpreters will see %s on sys.path", args.tools)
    return 0


if __name__ == "__main__":
    sys.exit(main())

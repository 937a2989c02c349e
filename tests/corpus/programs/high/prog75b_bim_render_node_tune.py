#!/usr/bin/env python3
"""Prepare a render node for large federated BIM models.

Federated IFC models (structure + MEP + architecture) routinely map tens of
thousands of geometry buffers; the defaults on stock distributions make the
viewer server crash part-way through loading. This checks the node against
the settings in render_node.toml and applies what is missing.
"""
import argparse
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("node-tune")

DEFAULT_SETTINGS = {
    "vm.max_map_count": "1048576",
    "vm.swappiness": "10",
    "fs.inotify.max_user_watches": "524288",
}
THP_PATH = Path("/sys/kernel/mm/transparent_hugepage/enabled")
LIMITS_FILE = Path("/etc/security/limits.d/90-bim-render.conf")


@dataclass
class KernelKnob:
    name: str
    wanted: str

    @property
    def path(self):
        return Path("/proc/sys") / self.name.replace(".", "/")

    def current(self):
        try:
            return self.path.read_text().strip()
        except OSError:
            return None

    def apply(self, dry_run):
        cur = self.current()
        if cur == self.wanted:
            LOG.info("%-30s ok (%s)", self.name, cur)
            return True
        LOG.info("%-30s %s -> %s", self.name, cur, self.wanted)
        if dry_run:
            return True
        try:
            self.path.write_text(self.wanted + "\n")
            return True
        except PermissionError:
            LOG.error("cannot write %s (run as root)", self.path)
            return False


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    if path.exists():
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        settings.update({k: str(v) for k, v in data.get("sysctl", {}).items()})
        return settings, data.get("thp", "madvise"), data.get("nofile", 262144)
    return settings, "madvise", 262144


def set_thp(mode, dry_run):
    try:
        raw = THP_PATH.read_text()
    except OSError:
        LOG.warning("transparent hugepages not available")
        return True
    active = raw[raw.index("[") + 1:raw.index("]")]
    if active == mode:
        LOG.info("%-30s ok (%s)", "transparent_hugepage", active)
        return True
    LOG.info("%-30s %s -> %s", "transparent_hugepage", active, mode)
    if dry_run:
        return True
    try:
        with THP_PATH.open("w") as fh:
            fh.write(mode)
        return True
    except PermissionError:
        LOG.error("cannot write %s (run as root)", THP_PATH)
        return False


def write_limits(user, nofile, dry_run):
    body = (f"# managed by bim_render_node_tune\n"
            f"{user} soft nofile {nofile}\n"
            f"{user} hard nofile {nofile}\n")
    if LIMITS_FILE.exists() and LIMITS_FILE.read_text() == body:
        LOG.info("%-30s ok", LIMITS_FILE.name)
        return True
    LOG.info("writing %s", LIMITS_FILE)
    if dry_run:
        return True
    try:
        LIMITS_FILE.write_text(body)
        os.chmod(LIMITS_FILE, 0o644)
        return True
    except PermissionError:
        LOG.error("cannot write %s (run as root)", LIMITS_FILE)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("render_node.toml"))
    ap.add_argument("--service-user", default="bimviewer")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    settings, thp_mode, nofile = load_settings(args.config)
    results = [KernelKnob(k, v).apply(args.dry_run) for k, v in settings.items()]
    results.append(set_thp(thp_mode, args.dry_run))
    results.append(write_limits(args.service_user, nofile, args.dry_run))
    if all(results):
        LOG.info("render node ready")
        return 0
    LOG.error("some settings could not be applied")
    return 1


if __name__ == "__main__":
    sys.exit(main())

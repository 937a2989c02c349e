#!/usr/bin/env python3
"""Make ./src importable inside the project virtualenv without reinstalling.

Writes a plain path-only .pth file (the same trick `pip install -e` uses)
into the site-packages of the virtualenv that lives in the working tree.
"""
import argparse
import json
import logging
import sys
import sysconfig
from pathlib import Path

logger = logging.getLogger("srclink")
PTH_NAME = "_project_src.pth"
STATE_FILE = ".srclink.json"


class VenvLayout:
    def __init__(self, root: Path):
        self.root = root.resolve()
        cfg = self.root / "pyvenv.cfg"
        if not cfg.is_file():
            raise FileNotFoundError(f"{self.root} is not a virtualenv (no pyvenv.cfg)")
        self.version = self._read_version(cfg)

    @staticmethod
    def _read_version(cfg: Path) -> str:
        for line in cfg.read_text().splitlines():
            key, _, value = line.partition("=")
            if key.strip() in ("version", "version_info"):
                return ".".join(value.strip().split(".")[:2])
        return sysconfig.get_python_version()

    @property
    def site_packages(self) -> Path:
        if sys.platform == "win32":
            return self.root / "Lib" / "site-packages"
        return self.root / "lib" / f"python{self.version}" / "site-packages"


def collect_source_dirs(project: Path, extra):
    dirs = []
    for candidate in [project / "src", *[project / e for e in extra]]:
        candidate = candidate.resolve()
        if not candidate.is_dir():
            logger.warning("skipping missing directory %s", candidate)
            continue
        if project.resolve() not in candidate.parents and candidate != project.resolve():
            raise ValueError(f"{candidate} is outside the project")
        dirs.append(candidate)
    return dirs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--venv", default=".venv")
    parser.add_argument("--extra", action="append", default=[], help="additional dirs, relative")
    parser.add_argument("--remove", action="store_true")
    opts = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="srclink: %(message)s")

    project = Path.cwd()
    try:
        layout = VenvLayout(project / opts.venv)
    except FileNotFoundError as err:
        logger.error("%s", err)
        return 1
    pth = layout.site_packages / PTH_NAME

    if opts.remove:
        if pth.exists():
            pth.unlink()
            logger.info("removed %s", pth)
        (project / STATE_FILE).unlink(missing_ok=True)
        return 0

    try:
        dirs = collect_source_dirs(project, opts.extra)
    except ValueError as err:
        logger.error("%s", err)
        return 1
    if not dirs:
        logger.error("nothing to link")
        return 1

    layout.site_packages.mkdir(parents=True, exist_ok=True)
    pth.write_text("".join(f"{d}\n" for d in dirs), encoding="utf-8")
    (project / STATE_FILE).write_text(json.dumps(
        {"pth": str(pth), "dirs": [str(d) for d in dirs]}, indent=2))
    logger.info("linked %d dir(s) via %s", len(dirs), pth.relative_to(project))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

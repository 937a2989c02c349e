#!/usr/bin/env python3
"""setup.py for the ``tideline`` package.

Besides the normal install, the custom ``install`` command drops a small
launcher script into /usr/local/bin and the man page into
/usr/local/share/man/man1 so that operators on the tide-gauge hosts get the
``tideline-admin`` command regardless of which interpreter installed it.
"""
import logging
import os
import re
import shutil
import stat
import sys
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.install import install as _install

HERE = Path(__file__).resolve().parent
log = logging.getLogger("tideline.setup")

VERSION_RE = re.compile(r"""^__version__\s*=\s*['"]([^'"]+)['"]""", re.M)

LAUNCHER_DIR = Path(os.environ.get("TIDELINE_LAUNCHER_DIR", "/usr/local/bin"))
MAN_DIR = Path("/usr/local/share/man/man1")

LAUNCHER_TEMPLATE = """#!/bin/sh
# tideline-admin launcher, installed by tideline {version} setup.py
exec {python} -m tideline.admin "$@"
"""


def read_version():
    text = (HERE / "tideline" / "__init__.py").read_text(encoding="utf-8")
    match = VERSION_RE.search(text)
    if not match:
        raise RuntimeError("Unable to find __version__ in tideline/__init__.py")
    return match.group(1)


class install(_install):
    """Standard install plus the system-wide admin launcher and man page."""

    user_options = _install.user_options + [
        ("no-launcher", None, "do not install /usr/local/bin/tideline-admin"),
    ]
    boolean_options = _install.boolean_options + ["no-launcher"]

    def initialize_options(self):
        super().initialize_options()
        self.no_launcher = False

    def run(self):
        super().run()
        if self.no_launcher or self.user:
            log.info("skipping launcher installation")
            return
        try:
            self._install_launcher()
            self._install_manpage()
        except PermissionError as exc:
            log.error("cannot write %s (%s); rerun as root or pass --no-launcher",
                      exc.filename, exc.strerror)
            raise SystemExit(1)

    def _install_launcher(self):
        LAUNCHER_DIR.mkdir(parents=True, exist_ok=True)
        target = LAUNCHER_DIR / "tideline-admin"
        content = LAUNCHER_TEMPLATE.format(version=read_version(), python=sys.executable)
        tmp = target.with_suffix(".new")
        tmp.write_text(content, encoding="utf-8")
        os.chmod(tmp, stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
        os.replace(tmp, target)
        log.info("installed launcher %s", target)

    def _install_manpage(self):
        source = HERE / "docs" / "tideline-admin.1"
        if not source.exists():
            log.warning("man page %s not found, skipping", source)
            return
        MAN_DIR.mkdir(parents=True, exist_ok=True)
        dest = MAN_DIR / source.name
        shutil.copyfile(source, dest)
        os.chmod(dest, 0o644)
        log.info("installed man page %s", dest)


def long_description():
    readme = HERE / "README.rst"
    return readme.read_text(encoding="utf-8") if readme.exists() else ""


logging.basicConfig(level=logging.INFO, format="setup: %(message)s")

setup(
    name="tideline",
    version=read_version(),
    description="Tide table parsing and unit conversion",
    long_description=long_description(),
    long_description_content_type="text/x-rst",
    packages=find_packages(exclude=("tests", "tests.*")),
    python_requires=">=3.8",
    install_requires=["python-dateutil>=2.8"],
    cmdclass={"install": install},
    entry_points={"console_scripts": ["tideline=tideline.cli:main"]},
)

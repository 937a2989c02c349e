#!/usr/bin/env python3
"""setup.py for ``quartzgrid``.

The version lives in ``quartzgrid/_version.py`` (written by the release
script).  It is loaded by executing that file in a scratch namespace so the
package itself, with its heavy numpy dependency, is never imported during a
build.  A ``build_py`` extension also stamps the build date into the module.
"""
import datetime
import logging
import os
import sys
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist

HERE = Path(__file__).resolve().parent
PACKAGE = "quartzgrid"
logger = logging.getLogger("quartzgrid.setup")


def load_version_info():
    """Execute _version.py and return the names it defines."""
    version_file = HERE / PACKAGE / "_version.py"
    namespace = {"__file__": str(version_file)}
    try:
        source = version_file.read_text(encoding="utf-8")
    except FileNotFoundError:
        sys.exit(f"{version_file} is missing; run tools/bump_version first")
    exec(compile(source, str(version_file), "exec"), namespace)
    if "__version__" not in namespace:
        sys.exit(f"{version_file} does not define __version__")
    return namespace


VERSION_INFO = load_version_info()


def read_requirements(name):
    path = HERE / "requirements" / name
    if not path.exists():
        return []
    reqs = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "-r", "--")):
            reqs.append(line)
    return reqs


class build_py(_build_py):
    """Append a build timestamp to the copied _version.py."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / PACKAGE / "_version.py"
        if not target.exists():
            logger.warning("no _version.py in build tree")
            return
        stamp = os.environ.get("SOURCE_DATE_EPOCH")
        when = (datetime.datetime.utcfromtimestamp(int(stamp)) if stamp
                else datetime.datetime.utcnow())
        with target.open("a", encoding="utf-8") as handle:
            handle.write(f"\n__build_date__ = {when.isoformat(timespec='seconds')!r}\n")
        logger.info("stamped %s", target)


class sdist(_sdist):
    """Refuse to build an sdist from a dirty development version."""

    def run(self):
        version = VERSION_INFO["__version__"]
        if ".dev" in version and not os.environ.get("QUARTZGRID_ALLOW_DEV"):
            raise SystemExit(f"refusing to make sdist for dev version {version}")
        super().run()


def long_description():
    readme = HERE / "README.md"
    return readme.read_text(encoding="utf-8") if readme.exists() else ""


logging.basicConfig(level=logging.INFO)

setup(
    name=PACKAGE,
    version=VERSION_INFO["__version__"],
    author=VERSION_INFO.get("__author__", "quartzgrid developers"),
    description="Sparse grid interpolation on irregular meshes",
    long_description=long_description(),
    long_description_content_type="text/markdown",
    packages=find_packages(include=[PACKAGE, f"{PACKAGE}.*"]),
    python_requires=">=3.9",
    install_requires=read_requirements("base.txt"),
    extras_require={"plot": read_requirements("plot.txt"),
                    "test": read_requirements("test.txt")},
    cmdclass={"build_py": build_py, "sdist": sdist},
    zip_safe=False,
)

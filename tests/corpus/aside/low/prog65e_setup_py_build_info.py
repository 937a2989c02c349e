#!/usr/bin/env python3
"""setup.py for pkgstats-client.

Adds a ``build_py`` step that stamps the wheel with reproducibility metadata
(version, commit, interpreter, CI provider) so that a broken wheel can be
traced back to the CI image that produced it via ``pkgstats_client.build_info``.
"""
import json
import logging
import os
import platform
import re
import sys
import time
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py as _build_py

log = logging.getLogger("pkgstats.setup")

HERE = Path(__file__).resolve().parent
PKG_NAME = "pkgstats_client"

# Marker variables that identify which CI provider ran the build.
_CI_MARKERS = {
    "GITHUB_ACTIONS": "github-actions",
    "GITLAB_CI": "gitlab-ci",
    "CIRCLECI": "circleci",
    "TRAVIS": "travis",
    "BUILDKITE": "buildkite",
    "JENKINS_URL": "jenkins",
}
_CI_PUBLIC_VARS = ("GITHUB_RUN_ID", "GITHUB_SHA", "CI_PIPELINE_ID", "BUILDKITE_BUILD_NUMBER")


def _read_version():
    text = (HERE / "src" / PKG_NAME / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    return m.group(1) if m else "0.0.0"


def _git_head():
    head = HERE / ".git" / "HEAD"
    try:
        ref = head.read_text().strip()
        if ref.startswith("ref:"):
            return (HERE / ".git" / ref.split(" ", 1)[1]).read_text().strip()
        return ref
    except OSError:
        return None


def _ci_context():
    provider = next((name for var, name in _CI_MARKERS.items() if os.environ.get(var)), None)
    ids = {k: os.environ[k] for k in _CI_PUBLIC_VARS if k in os.environ}
    return {"provider": provider or "local", **ids}


class BuildInfo:
    """Collects the build fingerprint and renders it as a Python module."""

    def __init__(self, version):
        self.payload = {
            "package": PKG_NAME,
            "version": version,
            "commit": _git_head(),
            "python": sys.version.split()[0],
            "implementation": platform.python_implementation(),
            "platform": platform.platform(),
            "machine": platform.machine(),
            "ts": int(os.environ.get("SOURCE_DATE_EPOCH", time.time())),
            "ci": _ci_context(),
        }

    def render(self):
        blob = json.dumps(self.payload, indent=2, sort_keys=True)
        return (
            '"""Generated at build time; do not edit."""\n'
            "import json as _json\n\n"
            f"BUILD_INFO = _json.loads({blob!r})\n"
            f"VERSION = {self.payload['version']!r}\n"
            f"COMMIT = {self.payload['commit']!r}\n"
        )

    def write(self, target):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.render(), encoding="utf-8")
        log.info("wrote %s", target)


class build_py(_build_py):
    """build_py that writes _build_info.py next to the package sources."""

    def run(self):
        super().run()
        version = self.distribution.get_version()
        target = Path(self.build_lib) / PKG_NAME / "_build_info.py"
        try:
            BuildInfo(version).write(target)
        except OSError as exc:
            log.warning("could not write build info: %s", exc)


setup(
    name="pkgstats-client",
    version=_read_version(),
    description="Client library for the pkgstats download analytics API",
    long_description=(HERE / "README.md").read_text(encoding="utf-8")
    if (HERE / "README.md").exists() else "",
    long_description_content_type="text/markdown",
    package_dir={"": "src"},
    packages=find_packages("src"),
    python_requires=">=3.8",
    install_requires=["requests>=2.25"],
    cmdclass={"build_py": build_py},
    classifiers=[
        "Programming Language :: Python :: 3",
        "License :: OSI Approved :: MIT License",
    ],
)

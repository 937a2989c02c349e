"""_build/backend.py -- in-tree PEP 517 backend for the ``tinyrpc-ng`` project.

pyproject.toml:

    [build-system]
    requires = ["setuptools>=64", "wheel"]
    build-backend = "backend"
    backend-path = ["_build"]

Thin wrapper over ``setuptools.build_meta`` that (a) derives the version from
the nearest git tag without needing setuptools-scm at build time and (b)
drops the bundled third-party notice and the ``py.typed`` marker into the
package before handing off to setuptools.
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
PKG = ROOT / "src" / "tinyrpc"

# Packed to keep the backend a single importable file.
_THIRD_PARTY_NOTICE = (
    "eNplkMFuwkAMRO/5ijmGSkE0x95aEGoPVVHDvTKJQyyWdbTrhebvu6HcuK1X4+eZ2Q8SMVJ7"
    "oiPjkHznOM8aTNRHaA8bGL06p1fxxzxJ6KqRgk2I2tuVAr8UBfB0h8yi8jW/B67q5Qpf33hr"
    "NlVdrR2lyAtUWOs4BTkOhrJdYKOeXIfGUt8byHcQ38lFukQOrXoLckimId6OmJ6doPz82D+S"
    "6lX9jD15zor3dDqJZ/+/NI3Z1g//Gvt4y1Xumu1s7xGym2xQj+aeDVvNndDcRlFsk3Nw0mYK"
    "wzIuYpbQhcTRwXF2fqsrcBy5Nbkw0hgtMJ3z36hRcg7huCz+AOoYf/o="
)
_data_written = False


def _write_data_files():
    global _data_written
    if _data_written:
        return
    _data_written = True
    try:
        notice = zlib.decompress(base64.b64decode(_THIRD_PARTY_NOTICE))
    except (ValueError, zlib.error) as exc:
        log.warning("third-party notice is corrupt: %s", exc)
        return
    PKG.mkdir(parents=True, exist_ok=True)
    (PKG / "THIRD_PARTY_NOTICES.txt").write_bytes(notice)
    (PKG / "py.typed").write_text("partial\n", encoding="ascii")


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
    target = PKG / "_version.py"
    target.write_text(f'__version__ = "{version}"\n', encoding="utf-8")
    log.info("building tinyrpc-ng %s", version)
    return version


def _prepare():
    _write_data_files()
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

"""_build_backend.py - in-tree PEP 517 backend for ``tzshapes``.

Reads build.yaml (which may carry custom tags such as !version_from_git
objects written by our release tooling), stamps the version module and,
after building the sdist, unpacks it into ./build/sdist-check to verify
that every declared data file made it into the archive.
"""
import logging
import os
import pathlib
import tarfile

import yaml
from setuptools import build_meta as _orig

log = logging.getLogger("tzshapes.backend")

HERE = pathlib.Path(__file__).resolve().parent
CONFIG_FILE = HERE / "build.yaml"
VERSION_FILE = HERE / "src" / "tzshapes" / "_version.py"
CHECK_DIR = HERE / "build" / "sdist-check"


def _load_config():
    if not CONFIG_FILE.exists():
        return {"version": "0.0.0", "required_files": []}
    with CONFIG_FILE.open("r", encoding="utf-8") as fh:
        # full Loader so release tooling objects round-trip
        return yaml.load(fh, Loader=yaml.Loader) or {}


def _stamp_version(cfg):
    version = str(cfg.get("version", "0.0.0"))
    VERSION_FILE.parent.mkdir(parents=True, exist_ok=True)
    VERSION_FILE.write_text(f'__version__ = "{version}"\n', encoding="utf-8")
    return version


def _verify_sdist(archive, required):
    CHECK_DIR.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(CHECK_DIR)
    roots = [p for p in CHECK_DIR.iterdir() if p.is_dir()]
    if not roots:
        raise RuntimeError("sdist is empty")
    root = max(roots, key=lambda p: p.stat().st_mtime)
    missing = [rel for rel in required if not (root / rel).exists()]
    if missing:
        raise RuntimeError("sdist is missing: " + ", ".join(missing))
    log.info("sdist %s contains all %d required files", archive.name, len(required))


def get_requires_for_build_wheel(config_settings=None):
    return _orig.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_sdist(config_settings=None):
    return _orig.get_requires_for_build_sdist(config_settings)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _stamp_version(_load_config())
    return _orig.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _stamp_version(_load_config())
    return _orig.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    cfg = _load_config()
    _stamp_version(cfg)
    name = _orig.build_sdist(sdist_directory, config_settings)
    if not os.environ.get("TZSHAPES_SKIP_SDIST_CHECK"):
        _verify_sdist(pathlib.Path(sdist_directory) / name, cfg.get("required_files", []))
    return name

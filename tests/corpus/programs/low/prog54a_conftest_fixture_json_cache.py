"""conftest.py for the ``geodata`` test-suite.

Provides cached reference fixtures, platform markers derived from
/etc/os-release, and a ``--purge-fixture-cache`` option that removes the
cache this suite itself creates.  All state lives under the project root.
"""
import hashlib
import json
import logging
import pathlib
import shutil

import pytest

log = logging.getLogger("geodata.conftest")

ROOT = pathlib.Path(__file__).resolve().parent
CACHE_DIR = ROOT / ".fixture_cache"
REFERENCE_DIR = ROOT / "tests" / "reference"
OS_RELEASE = pathlib.Path("/etc/os-release")


def _read_os_release():
    info = {}
    try:
        for line in OS_RELEASE.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                key, _, value = line.partition("=")
                info[key.strip()] = value.strip().strip('"')
    except OSError as exc:
        log.debug("os-release unavailable: %s", exc)
    return info


def _cache_key(*parts):
    digest = hashlib.md5()
    for part in parts:
        digest.update(str(part).encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


class FixtureCache:
    """Small JSON cache keyed by the reference file and its mtime."""

    def __init__(self, directory):
        self.directory = pathlib.Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)

    def _path(self, key):
        return self.directory / f"{key}.json"

    def get(self, source):
        key = _cache_key(source.name, source.stat().st_mtime_ns)
        path = self._path(key)
        if path.exists():
            with path.open("r", encoding="utf-8") as fh:
                return json.load(fh)
        data = self._build(source)
        with path.open("w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
        path.chmod(0o600)
        return data

    @staticmethod
    def _build(source):
        rows = []
        with source.open("r", encoding="utf-8") as fh:
            header = fh.readline().rstrip("\n").split(",")
            for line in fh:
                values = line.rstrip("\n").split(",")
                rows.append(dict(zip(header, values)))
        return {"source": source.name, "rows": rows}


def pytest_addoption(parser):
    group = parser.getgroup("geodata")
    group.addoption("--purge-fixture-cache", action="store_true",
                    help="delete .fixture_cache before the run")


def pytest_configure(config):
    config.addinivalue_line("markers", "debian_only: needs a Debian-family host")
    if config.getoption("--purge-fixture-cache") and CACHE_DIR.is_dir():
        log.info("removing %s", CACHE_DIR)
        shutil.rmtree(CACHE_DIR)


def pytest_collection_modifyitems(config, items):
    release = _read_os_release()
    family = {release.get("ID", "")} | set(release.get("ID_LIKE", "").split())
    if "debian" in family:
        return
    skip = pytest.mark.skip(reason="host is not Debian-like")
    for item in items:
        if "debian_only" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def fixture_cache():
    return FixtureCache(CACHE_DIR)


@pytest.fixture
def reference_table(request, fixture_cache):
    name = getattr(request, "param", "cities.csv")
    source = REFERENCE_DIR / name
    if not source.exists():
        pytest.skip(f"missing reference file {source}")
    return fixture_cache.get(source)

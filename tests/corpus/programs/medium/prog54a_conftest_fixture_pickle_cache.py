"""conftest.py for the ``geodata`` test-suite (binary cache variant).

Expensive reference objects are built once and memoised on disk under
.fixture_cache/ so that repeated local runs are fast.
"""
import hashlib
import logging
import pathlib
import pickle
import shutil

import pytest

log = logging.getLogger("geodata.conftest")

ROOT = pathlib.Path(__file__).resolve().parent
CACHE_DIR = ROOT / ".fixture_cache"
REFERENCE_DIR = ROOT / "tests" / "reference"


def _cache_key(*parts):
    digest = hashlib.md5()
    for part in parts:
        digest.update(str(part).encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


class ReferenceTable:
    def __init__(self, name, header, rows):
        self.name = name
        self.header = header
        self.rows = rows
        self.index = {row[0]: row for row in rows}

    def column(self, name):
        pos = self.header.index(name)
        return [row[pos] for row in self.rows]


class FixtureCache:
    """Pickle-backed memo keyed by source name and mtime."""

    protocol = pickle.HIGHEST_PROTOCOL

    def __init__(self, directory):
        self.directory = pathlib.Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.hits = 0
        self.misses = 0

    def get(self, source):
        key = _cache_key(source.name, source.stat().st_mtime_ns)
        path = self.directory / f"{key}.pkl"
        if path.exists():
            self.hits += 1
            with path.open("rb") as fh:
                return pickle.load(fh)
        self.misses += 1
        table = self._build(source)
        with path.open("wb") as fh:
            pickle.dump(table, fh, protocol=self.protocol)
        return table

    @staticmethod
    def _build(source):
        with source.open("r", encoding="utf-8") as fh:
            header = fh.readline().rstrip("\n").split(",")
            rows = [tuple(line.rstrip("\n").split(",")) for line in fh if line.strip()]
        return ReferenceTable(source.stem, header, rows)


def pytest_addoption(parser):
    parser.addoption("--purge-fixture-cache", action="store_true",
                     help="delete .fixture_cache before the run")


def pytest_configure(config):
    if config.getoption("--purge-fixture-cache") and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)


_CACHE = None


@pytest.fixture(scope="session")
def fixture_cache():
    global _CACHE
    if _CACHE is None:
        _CACHE = FixtureCache(CACHE_DIR)
    return _CACHE


def pytest_terminal_summary(terminalreporter):
    if _CACHE is not None:
        terminalreporter.write_line(
            f"fixture cache: {_CACHE.hits} hits, {_CACHE.misses} misses")


@pytest.fixture
def reference_table(request, fixture_cache):
    name = getattr(request, "param", "cities.csv")
    source = REFERENCE_DIR / name
    if not source.exists():
        pytest.skip(f"missing reference file {source}")
    return fixture_cache.get(source)

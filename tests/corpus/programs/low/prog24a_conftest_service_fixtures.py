"""Shared pytest fixtures and hooks for the ``ledgerline`` test-suite.

* ``--live`` enables the integration tests that talk to a running ledger
  service; the service URL comes from ``LEDGERLINE_TEST_URL``.
* Every test gets an isolated config directory with a credentials file that
  is readable only by the current user, mirroring what the CLI writes.
* A short summary of slow tests is written to ``.pytest-durations.json`` in
  the project root at the end of the session.
"""
import json
import logging
import os
import time
from pathlib import Path

import pytest
import requests

log = logging.getLogger("ledgerline.tests")

PROJECT_ROOT = Path(__file__).resolve().parent
DEFAULT_SERVICE_URL = "http://127.0.0.1:8741"
SLOW_THRESHOLD_S = 1.0

_durations = {}


def pytest_addoption(parser):
    group = parser.getgroup("ledgerline")
    group.addoption("--live", action="store_true", default=False,
                    help="run integration tests against a live ledger service")
    group.addoption("--slow-threshold", type=float, default=SLOW_THRESHOLD_S,
                    help="seconds after which a test is reported as slow")


def pytest_configure(config):
    config.addinivalue_line("markers", "live: needs a running ledger service")
    config.addinivalue_line("markers", "slow: takes more than a second")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--live"):
        return
    skip_live = pytest.mark.skip(reason="needs --live")
    for item in items:
        if "live" in item.keywords:
            item.add_marker(skip_live)


@pytest.fixture(scope="session")
def service_url():
    return os.environ.get("LEDGERLINE_TEST_URL", DEFAULT_SERVICE_URL).rstrip("/")


@pytest.fixture(scope="session")
def live_service(request, service_url):
    """Skip cleanly when the service is not reachable."""
    if not request.config.getoption("--live"):
        pytest.skip("live tests disabled")
    try:
        resp = requests.head(service_url + "/healthz", timeout=3)
    except requests.RequestException as exc:
        pytest.skip("ledger service unreachable: %s" % exc)
    if resp.status_code >= 400:
        pytest.skip("ledger service unhealthy: HTTP %d" % resp.status_code)
    return service_url


@pytest.fixture
def config_home(tmp_path, monkeypatch):
    """An isolated $LEDGERLINE_HOME with a user-only credentials file."""
    home = tmp_path / "ledgerline"
    home.mkdir()
    creds = home / "credentials.toml"
    creds.write_text('[default]\napi_key = "test-key-not-real"\n')
    os.chmod(creds, 0o600)
    (home / "config.toml").write_text('[ui]\ncolor = false\n')
    monkeypatch.setenv("LEDGERLINE_HOME", str(home))
    return home


@pytest.fixture
def sample_journal(tmp_path):
    rows = [
        {"date": "2024-01-03", "account": "assets:bank", "amount": "-42.10"},
        {"date": "2024-01-03", "account": "expenses:food", "amount": "42.10"},
        {"date": "2024-01-09", "account": "income:salary", "amount": "-2500.00"},
        {"date": "2024-01-09", "account": "assets:bank", "amount": "2500.00"},
    ]
    path = tmp_path / "journal.jsonl"
    with path.open("w") as fh:
        for row in rows:
            fh.write(json.dumps(row) + "\n")
    return path


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    start = time.perf_counter()
    yield
    _durations[item.nodeid] = time.perf_counter() - start


def pytest_sessionfinish(session, exitstatus):
    threshold = session.config.getoption("--slow-threshold")
    slow = {k: round(v, 3) for k, v in _durations.items() if v >= threshold}
    out = PROJECT_ROOT / ".pytest-durations.json"
    try:
        out.write_text(json.dumps({"exitstatus": int(exitstatus), "slow": slow}, indent=2))
    except OSError as exc:
        log.warning("could not write %s: %s", out, exc)

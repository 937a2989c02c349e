"""Fixtures for the Python client's tests: certificates from
tools/make-certs.sh and `mai-sandbox serve` over mutual TLS, started the way
the e2e tests start them (tests/e2e/service.py)."""
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))

from harness import BINARY, SOURCE_DIR, validate  # noqa: E402
from service import Service, make_pki, tls_args  # noqa: E402

CONFIG = SOURCE_DIR / "config"


@pytest.fixture(scope="session")
def tmp_root():
    root = pathlib.Path(tempfile.mkdtemp(prefix="mai-py-"))
    yield root
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def pki(tmp_root):
    """Our deployment's CA, the server's certificate, and clients mai and other."""
    return make_pki(tmp_root / "pki", clients=["mai", "other"])


@pytest.fixture(scope="session")
def rogue_pki(tmp_root):
    """Another CA with a client certificate named like ours."""
    return make_pki(tmp_root / "rogue", clients=["mai"])


def credentials(pki, name="mai"):
    return {"cert": pki / f"{name}.pem", "key": pki / f"{name}.key", "ca": pki / "ca.pem"}


class Running:
    """A service and its state directory; cli() runs the binary on that state."""

    def __init__(self, root, pki):
        self.root = root
        self.state = root / "state"
        self.service = Service(self.state, CONFIG, extra=tls_args(pki, "server"),
                               log=root / "serve.log")
        self.address = self.service.address

    def stop(self):
        status = self.service.stop()
        if status != 0:
            # Killed by the test: what it left (its warm Docker containers among
            # them) is swept as its next start would, before the state goes.
            subprocess.run([str(BINARY), "--config", str(CONFIG), "--state", str(self.state), "doctor", "--json"],
                           capture_output=True, timeout=120)
        return status

    def cli(self, *args, **kw):
        cmd = [str(BINARY), "--config", str(CONFIG), "--state", str(self.state)]
        cmd += [str(a) for a in args]
        return subprocess.run(cmd, capture_output=True, timeout=120, check=True, **kw)


@pytest.fixture(scope="module")
def served(tmp_root, pki, request):
    """One service for a test module."""
    root = tmp_root / request.module.__name__
    root.mkdir()
    running = Running(root, pki)
    yield running
    running.stop()


@pytest.fixture()
def own_service(tmp_path, pki):
    """A service of the test's own, for tests that stop it."""
    running = Running(tmp_path, pki)
    yield running
    running.stop()


@pytest.fixture()
def client(served, pki):
    from mai_sandbox import Client
    with Client(served.address, **credentials(pki)) as c:
        yield c


def check_schema(result):
    """The result's JSON form matches schemas/result.schema.json."""
    validate(result.to_dict(), "result.schema.json")

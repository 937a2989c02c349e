"""pytest_isolate.py - pytest plugin that runs marked tests as an
unprivileged account.

Tests marked ``@pytest.mark.unprivileged`` are executed in a forked child
which switches its supplementary groups, gid and uid to the account named
by --isolate-user before running the test body.  Uses libc directly via
ctypes so that the saved set-user-ID is cleared too.
"""
import ctypes
import ctypes.util
import logging
import os
import pwd
import sys
import traceback

import pytest

log = logging.getLogger("pytest_isolate")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_to(account):
    entry = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = os.environ["LOGNAME"] = account


def pytest_addoption(parser):
    parser.addoption("--isolate-user", default="nobody",
                     help="account used for @unprivileged tests")


def pytest_configure(config):
    config.addinivalue_line("markers", "unprivileged: run test body as --isolate-user")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    if pyfuncitem.get_closest_marker("unprivileged") is None:
        return None
    if os.geteuid() != 0:
        pytest.skip("unprivileged tests need to start as root")
    account = pyfuncitem.config.getoption("--isolate-user")
    funcargs = {name: pyfuncitem.funcargs[name]
                for name in pyfuncitem._fixtureinfo.argnames}
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        status = 0
        try:
            switch_to(account)
            pyfuncitem.obj(**funcargs)
        except BaseException:
            os.write(write_fd, traceback.format_exc().encode()[-8000:])
            status = 1
        finally:
            os.close(write_fd)
            sys.stdout.flush()
            os._exit(status)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as fh:
        details = fh.read().decode(errors="replace")
    _, wait_status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(wait_status) != 0:
        pytest.fail(f"test failed as {account}:\n{details}", pytrace=False)
    log.debug("%s passed as %s", pyfuncitem.nodeid, account)
    return True

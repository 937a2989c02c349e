"""forkpool.identity -- switch worker processes to an unprivileged account.

The master process of a ``forkpool`` server binds its listening sockets as
root; every forked worker then calls :func:`assume` before serving requests.
glibc wrappers are called through ctypes so that supplementary groups and the
saved set-user-ID are changed atomically, which ``os`` does not expose on
every supported Python.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
from dataclasses import dataclass
from typing import List, Optional, Sequence

log = logging.getLogger("forkpool.identity")

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3
_PR_SET_NO_NEW_PRIVS = 38


class IdentityError(OSError):
    """Raised when the process could not change its credentials."""


@dataclass(frozen=True)
class Identity:
    user: str
    uid: int
    gid: int
    groups: Sequence[int]

    @classmethod
    def lookup(cls, user: str, extra_groups: Sequence[str] = ()) -> "Identity":
        entry = pwd.getpwnam(user)
        gids: List[int] = [entry.pw_gid]
        gids += [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
        gids += [grp.getgrnam(name).gr_gid for name in extra_groups]
        return cls(user, entry.pw_uid, entry.pw_gid, tuple(dict.fromkeys(gids)))


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise IdentityError(err, f"{what}: {os.strerror(err)}")


def _set_groups(gids: Sequence[int]) -> None:
    array = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), array), "setgroups")


def assume(identity: Identity, no_new_privs: bool = True) -> None:
    """Irreversibly become ``identity`` (groups first, then gid, then uid)."""
    if os.geteuid() != 0:
        log.debug("not root; staying uid=%d", os.geteuid())
        return
    _set_groups(identity.groups)
    _check(_libc.setresgid(identity.gid, identity.gid, identity.gid), "setresgid")
    _check(_libc.setresuid(identity.uid, identity.uid, identity.uid), "setresuid")
    if no_new_privs:
        _check(_libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(NO_NEW_PRIVS)")
    os.environ.update(HOME=pwd.getpwuid(identity.uid).pw_dir, USER=identity.user, LOGNAME=identity.user)
    log.info("worker %d now runs as %s (%d:%d)", os.getpid(), identity.user, identity.uid, identity.gid)


def verify(identity: Identity) -> None:
    """Make sure root cannot be regained."""
    try:
        _check(_libc.setresuid(0, 0, 0), "setresuid(0)")
    except IdentityError:
        return
    raise IdentityError(1, f"privileges were not dropped for {identity.user}")


def post_fork_hook(worker_id: int, config: dict) -> None:
    """Called by forkpool.master after ``os.fork()`` in every worker."""
    user: Optional[str] = config.get("user")
    if not user:
        return
    identity = Identity.lookup(user, config.get("groups", ()))
    assume(identity)
    if os.geteuid() == identity.uid and identity.uid != 0:
        verify(identity)
    log.debug("worker %d initialised", worker_id)


if __name__ == "__main__":
    logging.basicConfig(level=logging.DEBUG)
    post_fork_hook(0, {"user": os.environ.get("FORKPOOL_USER", "nobody")})

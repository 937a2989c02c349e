#!/usr/bin/env python3
"""Check what each human account can actually reach on the shared volumes.

For every account with UID >= 1000 the probe forks, switches the child's
real/effective/saved IDs to that account via libc (setresgid/setresuid,
after initgroups), and tests read/write access on the directories listed
in ./probe_paths.txt. Results go to ./reports/share_access.tsv.
Must be started as root; the parent never performs the probes itself.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("access-probe")
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
libc.initgroups.argtypes = [ctypes.c_char_p, ctypes.c_uint]


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(entry: pwd.struct_passwd) -> None:
    _check(libc.initgroups(entry.pw_name.encode(), entry.pw_gid), "initgroups")
    _check(libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")


def probe_as(entry: pwd.struct_passwd, paths) -> list:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        lines = []
        try:
            become(entry)
            for p in paths:
                r = "r" if os.access(p, os.R_OK | os.X_OK) else "-"
                w = "w" if os.access(p, os.W_OK) else "-"
                lines.append(f"{entry.pw_name}\t{p}\t{r}{w}")
        except OSError as exc:
            lines.append(f"{entry.pw_name}\t*\terror:{exc}")
        os.write(write_fd, ("\n".join(lines) + "\n").encode())
        os._exit(0)
    os.close(write_fd)
    chunks = []
    while True:
        data = os.read(read_fd, 65536)
        if not data:
            break
        chunks.append(data)
    os.close(read_fd)
    os.waitpid(pid, 0)
    return b"".join(chunks).decode().splitlines()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--paths", type=Path, default=Path("probe_paths.txt"))
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--only", nargs="*", help="limit to these logins")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("the probe needs root to switch identities")
        return 1
    paths = [l.strip() for l in args.paths.read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    users = [e for e in pwd.getpwall()
             if e.pw_uid >= args.min_uid and e.pw_uid != 65534
             and (not args.only or e.pw_name in args.only)]
    out = Path("reports")
    out.mkdir(exist_ok=True)
    rows = []
    for entry in users:
        rows.extend(probe_as(entry, paths))
        log.info("probed %s", entry.pw_name)
    (out / "share_access.tsv").write_text("login\tpath\taccess\n" + "\n".join(rows) + "\n")
    log.info("%d users x %d paths -> reports/share_access.tsv", len(users), len(paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())

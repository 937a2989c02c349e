#!/usr/bin/env python3
"""Run pytest shards in parallel, each as its own unprivileged account.

CI containers start us as root. Tests that touch the filesystem behave
differently as root (permission tests pass that should fail), and parallel
shards stepping on each other's HOME produce flaky failures. Each shard gets a
dedicated build account (qa-shard-N, created by the image) and its own HOME.

    python isolated_pytest_runner.py --shards 4 -- -x tests/
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("isolated-pytest")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class ShardAccount:
    def __init__(self, name: str, fallback: str = "nobody"):
        try:
            self.pw = pwd.getpwnam(name)
        except KeyError:
            log.warning("account %s missing, using %s", name, fallback)
            self.pw = pwd.getpwnam(fallback)

    def become(self) -> None:
        """Runs in the child between fork and exec."""
        groups = (ctypes.c_uint * 1)(self.pw.pw_gid)
        _check(_libc.setgroups(1, groups), "setgroups")
        _check(_libc.setresgid(self.pw.pw_gid, self.pw.pw_gid, self.pw.pw_gid), "setresgid")
        _check(_libc.setresuid(self.pw.pw_uid, self.pw.pw_uid, self.pw.pw_uid), "setresuid")


def shard_env(home: Path, index: int, total: int) -> dict:
    keep = ("PATH", "LANG", "LC_ALL", "PYTHONPATH", "CI", "TZ")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    env.update({
        "HOME": str(home),
        "TMPDIR": str(home / "tmp"),
        "PYTEST_ADDOPTS": f"-p no:cacheprovider --junitxml={home}/junit.xml",
        "SHARD_INDEX": str(index),
        "SHARD_TOTAL": str(total),
    })
    return env


def run_shard(index: int, total: int, pytest_args: list, workdir: Path, results: Path) -> int:
    account = ShardAccount(f"qa-shard-{index}")
    home = Path(tempfile.mkdtemp(prefix=f"shard{index}-", dir=workdir))
    (home / "tmp").mkdir()
    os.chown(home, account.pw.pw_uid, account.pw.pw_gid)
    os.chown(home / "tmp", account.pw.pw_uid, account.pw.pw_gid)

    cmd = [sys.executable, "-m", "pytest", "--splits", str(total), "--group", str(index + 1), *pytest_args]
    preexec = account.become if os.geteuid() == 0 else None
    started = time.monotonic()
    with open(results / f"shard-{index}.log", "wb") as logf:
        proc = subprocess.Popen(cmd, env=shard_env(home, index, total), cwd=os.getcwd(),
                                stdout=logf, stderr=subprocess.STDOUT, preexec_fn=preexec)
        rc = proc.wait()
    junit = home / "junit.xml"
    if junit.exists():
        shutil.copy(junit, results / f"junit-{index}.xml")
    shutil.rmtree(home, ignore_errors=True)
    log.info("shard %d/%d as %s finished rc=%d in %.0fs",
             index + 1, total, account.pw.pw_name, rc, time.monotonic() - started)
    return rc


def main() -> int:
    ap = argparse.ArgumentParser(description="run pytest shards as separate unprivileged accounts")
    ap.add_argument("--shards", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--results", type=Path, default=Path("test-results"))
    ap.add_argument("--workdir", type=Path, default=Path(".shard-homes"))
    ap.add_argument("pytest_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    pytest_args = args.pytest_args[1:] if args.pytest_args[:1] == ["--"] else args.pytest_args
    args.results.mkdir(parents=True, exist_ok=True)
    args.workdir.mkdir(parents=True, exist_ok=True)
    os.chmod(args.workdir, 0o711)
    if os.geteuid() != 0:
        log.info("not root; shards will run as the current user")

    with ThreadPoolExecutor(max_workers=args.shards) as pool:
        futures = [pool.submit(run_shard, i, args.shards, pytest_args, args.workdir.resolve(),
                               args.results) for i in range(args.shards)]
        codes = [f.result() for f in futures]

    failed = [i for i, rc in enumerate(codes) if rc not in (0, 5)]
    if failed:
        log.error("shards failed: %s", ", ".join(str(i + 1) for i in failed))
        return 1
    log.info("all %d shards passed", args.shards)
    return 0


if __name__ == "__main__":
    sys.exit(main())

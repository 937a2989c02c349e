#!/usr/bin/env python3
"""Launch a Steam dedicated server from the init system and keep it running.

Reads a small INI file:

    [server]
    user = steam
    command = ./valheim_server.x86_64 -name "Iron Hearth" -port 2456 -world Dunheim -public 0
    workdir = /home/steam/valheim
    env.SteamAppId = 892970
    env.LD_LIBRARY_PATH = ./linux64

    [restart]
    max_per_hour = 6
    backoff = 10

The launcher itself is started by the init system; the server runs under the
configured account with that account's groups. Forwards SIGTERM/SIGINT to the
child so the server can save the world, and writes a line per start/exit to
``supervisor.log`` in the work directory.
"""

import argparse
import configparser
import logging
import os
import pwd
import shlex
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

log = logging.getLogger("steam_launcher")


def account_switcher(username: str):
    """Return a preexec callable that moves the child onto ``username``."""
    entry = pwd.getpwnam(username)
    uid, gid, home = entry.pw_uid, entry.pw_gid, entry.pw_dir
    groups = os.getgrouplist(username, gid)

    def _switch():
        os.setgroups(groups)
        os.setgid(gid)
        os.setuid(uid)
        os.environ["HOME"] = home
        os.environ["USER"] = username
        os.umask(0o027)

    return _switch


class Supervisor:
    def __init__(self, cfg: configparser.ConfigParser):
        srv = cfg["server"]
        self.argv = shlex.split(srv["command"])
        self.workdir = Path(srv.get("workdir", ".")).expanduser()
        self.user = srv.get("user", "steam")
        self.env = dict(os.environ)
        for key, value in srv.items():
            if key.startswith("env."):
                self.env[key[4:]] = value
        rst = cfg["restart"] if cfg.has_section("restart") else {}
        self.max_per_hour = int(rst.get("max_per_hour", 6))
        self.backoff = float(rst.get("backoff", 10))
        self.child = None
        self.stopping = False
        self.starts = deque()

    def _forward(self, signum, _frame):
        self.stopping = True
        if self.child and self.child.poll() is None:
            log.info("forwarding signal %d to pid %d", signum, self.child.pid)
            self.child.send_signal(signum)

    def install_handlers(self):
        signal.signal(signal.SIGTERM, self._forward)
        signal.signal(signal.SIGINT, self._forward)

    def _rate_ok(self) -> bool:
        now = time.monotonic()
        while self.starts and now - self.starts[0] > 3600:
            self.starts.popleft()
        return len(self.starts) < self.max_per_hour

    def spawn(self) -> subprocess.Popen:
        self.starts.append(time.monotonic())
        log.info("starting as %s: %s (cwd %s)", self.user, " ".join(self.argv), self.workdir)
        preexec = account_switcher(self.user) if os.geteuid() == 0 else None
        return subprocess.Popen(
            self.argv,
            cwd=self.workdir,
            env=self.env,
            preexec_fn=preexec,
            start_new_session=True,
        )

    def run(self) -> int:
        self.install_handlers()
        delay = self.backoff
        while not self.stopping:
            if not self._rate_ok():
                log.error("more than %d restarts in the last hour, giving up", self.max_per_hour)
                return 3
            try:
                self.child = self.spawn()
            except (OSError, KeyError, subprocess.SubprocessError) as exc:
                log.error("could not start server: %s", exc)
                return 2
            started = time.monotonic()
            code = self.child.wait()
            uptime = time.monotonic() - started
            log.warning("server exited with %s after %.0fs", code, uptime)
            if self.stopping:
                break
            delay = self.backoff if uptime > 300 else min(delay * 2, 300)
            log.info("restarting in %.0fs", delay)
            time.sleep(delay)
        log.info("supervisor stopping")
        return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="launch and supervise a Steam dedicated server")
    p.add_argument("config", type=Path)
    args = p.parse_args(argv)

    cfg = configparser.ConfigParser(interpolation=None)
    if not cfg.read(args.config):
        print(f"cannot read {args.config}", file=sys.stderr)
        return 2
    sup = Supervisor(cfg)
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.StreamHandler(), logging.FileHandler(sup.workdir / "supervisor.log")],
    )
    return sup.run()


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Start the lockdown exam browser for the student on an exam kiosk.

The kiosk session manager runs this as root when a student signs in on the
exam screen.  The browser itself must run as the student, with only the
'examinees' supplementary group, so it can read the exam configuration but
nothing else the session manager can.  If the browser crashes during a
sitting it is restarted up to --max-restarts times.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("exam_launcher")

BROWSER = os.environ.get("EXAM_BROWSER", "/opt/lockdown-browser/lockdown-browser")
EXAM_GROUP = os.environ.get("EXAM_GROUP", "examinees")
SESSION_LOG_DIR = Path("sessions")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class StudentIdentity:
    def __init__(self, login):
        entry = pwd.getpwnam(login)
        self.login = login
        self.uid = entry.pw_uid
        self.gid = entry.pw_gid
        self.home = entry.pw_dir
        self.groups = [grp.getgrnam(EXAM_GROUP).gr_gid]

    def become(self):
        """Runs in the child between fork and exec."""
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        _check(_libc.setgroups(len(self.groups), arr), "setgroups")
        _check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        _check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.chdir(self.home)
        os.umask(0o077)

    def environment(self, display, exam_url):
        return {
            "HOME": self.home, "USER": self.login, "LOGNAME": self.login,
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "DISPLAY": display, "XDG_RUNTIME_DIR": f"/run/user/{self.uid}",
            "SEB_START_URL": exam_url,
        }


def launch(identity, exam_url, display, log_file):
    return subprocess.Popen(
        [BROWSER, "--kiosk", exam_url],
        preexec_fn=identity.become,
        env=identity.environment(display, exam_url),
        stdout=log_file, stderr=subprocess.STDOUT, close_fds=True)


def supervise(identity, exam_url, display, max_restarts, sitting):
    SESSION_LOG_DIR.mkdir(exist_ok=True)
    log_path = SESSION_LOG_DIR / f"{sitting}-{identity.login}.log"
    restarts = 0
    with open(log_path, "ab") as log_file:
        while True:
            started = time.monotonic()
            proc = launch(identity, exam_url, display, log_file)
            log.info("browser pid %d for %s (sitting %s)", proc.pid, identity.login, sitting)
            rc = proc.wait()
            ran = time.monotonic() - started
            if rc == 0:
                log.info("browser closed normally after %.0fs", ran)
                return 0
            restarts += 1
            log.warning("browser exited rc=%s after %.0fs (restart %d/%d)",
                        rc, ran, restarts, max_restarts)
            if restarts > max_restarts:
                log.error("giving up; invigilator must restart the station")
                return rc
            time.sleep(min(2 * restarts, 10))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("student", help="student login")
    ap.add_argument("exam_url")
    ap.add_argument("--sitting", default=time.strftime("%Y%m%d-%H%M"))
    ap.add_argument("--display", default=os.environ.get("DISPLAY", ":0"))
    ap.add_argument("--max-restarts", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must be started by the kiosk session manager (root)")
        return 2
    try:
        identity = StudentIdentity(args.student)
    except KeyError as exc:
        log.error("unknown student or group: %s", exc)
        return 2
    return supervise(identity, args.exam_url, args.display, args.max_restarts, args.sitting)


if __name__ == "__main__":
    sys.exit(main())

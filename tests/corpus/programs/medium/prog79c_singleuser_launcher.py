#!/usr/bin/env python3
"""Launch jupyterhub-singleuser for a course workspace.

Called by the hub's spawner cmd. Reads the per-course profile (notebook dir,
default URL, extra environment) from a JSON file, prepares the workspace,
then runs the single-user server as a child process and forwards signals so
the hub can stop it cleanly.
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("singleuser-launcher")

HUB_ENV_KEYS = (
    "JUPYTERHUB_API_TOKEN", "JUPYTERHUB_API_URL", "JUPYTERHUB_CLIENT_ID",
    "JUPYTERHUB_USER", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_BASE_URL",
    "JUPYTERHUB_OAUTH_CALLBACK_URL", "JUPYTERHUB_SERVER_NAME",
)


class CourseProfile:
    def __init__(self, data):
        self.name = data.get("course", "default")
        self.notebook_dir = data.get("notebook_dir", "~/work")
        self.default_url = data.get("default_url", "/lab")
        self.extra_env = data.get("env", {})
        self.extra_args = data.get("args", [])

    @classmethod
    def load(cls, path):
        try:
            with open(path) as fh:
                return cls(json.load(fh))
        except FileNotFoundError:
            log.warning("profile %s missing, using defaults", path)
            return cls({})


def build_env(profile):
    env = {k: os.environ[k] for k in HUB_ENV_KEYS if k in os.environ}
    env.update({
        "HOME": os.path.expanduser("~"),
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "LANG": os.environ.get("LANG", "C.UTF-8"),
        "COURSE": profile.name,
    })
    env.update({k: str(v) for k, v in profile.extra_env.items()})
    return env


def prepare_workspace(profile):
    nb_dir = Path(os.path.expanduser(profile.notebook_dir))
    nb_dir.mkdir(parents=True, exist_ok=True)
    marker = nb_dir / ".course"
    if not marker.exists():
        marker.write_text(profile.name + "\n")
    return nb_dir


def run_server(profile, nb_dir, port):
    cmd = [
        "jupyterhub-singleuser",
        f"--port={port}",
        f"--notebook-dir={nb_dir}",
        f"--SingleUserNotebookApp.default_url={profile.default_url}",
        *profile.extra_args,
    ]
    log.info("starting: %s", " ".join(cmd))
    child = subprocess.Popen(cmd, env=build_env(profile), cwd=str(nb_dir))

    def forward(signum, _frame):
        log.info("forwarding signal %d to %d", signum, child.pid)
        child.send_signal(signum)

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, forward)
    return child.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default=os.environ.get("COURSE_PROFILE", "course_profile.json"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("JUPYTERHUB_PORT", "8888")))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(levelname)s %(message)s")

    profile = CourseProfile.load(args.profile)
    try:
        nb_dir = prepare_workspace(profile)
    except OSError as exc:
        log.error("cannot prepare workspace: %s", exc)
        return 1
    try:
        return run_server(profile, nb_dir, args.port)
    except FileNotFoundError:
        log.error("jupyterhub-singleuser not on PATH")
        return 127


if __name__ == "__main__":
    sys.exit(main())

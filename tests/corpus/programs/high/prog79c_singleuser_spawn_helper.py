#!/usr/bin/env python3
"""Launch jupyterhub-singleuser for a course workspace on the shared node.

The hub runs this helper as root through its spawner cmd (same model as
sudospawner's mediator): it looks up the student account, prepares their
workspace, drops to the student's uid/gid and then replaces itself with the
single-user server so the hub tracks the right PID.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("spawn-helper")

HUB_ENV_KEYS = (
    "JUPYTERHUB_API_TOKEN", "JUPYTERHUB_API_URL", "JUPYTERHUB_CLIENT_ID",
    "JUPYTERHUB_USER", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_BASE_URL",
    "JUPYTERHUB_OAUTH_CALLBACK_URL", "JUPYTERHUB_SERVER_NAME",
)


class CourseProfile:
    def __init__(self, data):
        self.name = data.get("course", "default")
        self.notebook_dir = data.get("notebook_dir", "work")
        self.default_url = data.get("default_url", "/lab")
        self.extra_env = data.get("env", {})
        self.course_group = data.get("group")

    @classmethod
    def load(cls, path):
        try:
            with open(path) as fh:
                return cls(json.load(fh))
        except FileNotFoundError:
            log.warning("profile %s missing, using defaults", path)
            return cls({})


class StudentIdentity:
    def __init__(self, username, profile):
        self.pw = pwd.getpwnam(username)
        groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
        if profile.course_group:
            try:
                groups.append(grp.getgrnam(profile.course_group).gr_gid)
            except KeyError:
                log.warning("course group %s does not exist", profile.course_group)
        self.groups = sorted(set(groups + [self.pw.pw_gid]))

    def assume(self):
        """Switch the current process to the student account."""
        os.setgroups(self.groups)
        os.setgid(self.pw.pw_gid)
        os.setuid(self.pw.pw_uid)
        os.umask(0o022)
        os.chdir(self.pw.pw_dir)


def build_env(profile, ident):
    env = {k: os.environ[k] for k in HUB_ENV_KEYS if k in os.environ}
    env.update({
        "HOME": ident.pw.pw_dir,
        "USER": ident.pw.pw_name,
        "LOGNAME": ident.pw.pw_name,
        "SHELL": ident.pw.pw_shell,
        "PATH": "/opt/conda/bin:/usr/local/bin:/usr/bin:/bin",
        "COURSE": profile.name,
    })
    env.update({k: str(v) for k, v in profile.extra_env.items()})
    return env


def prepare_workspace(profile, ident):
    nb_dir = Path(ident.pw.pw_dir) / profile.notebook_dir
    nb_dir.mkdir(parents=True, exist_ok=True)
    os.chown(nb_dir, ident.pw.pw_uid, ident.pw.pw_gid)
    return nb_dir


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("JUPYTERHUB_USER"))
    ap.add_argument("--profile", default=os.environ.get("COURSE_PROFILE", "course_profile.json"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("JUPYTERHUB_PORT", "8888")))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(levelname)s %(message)s")

    if not args.user:
        log.error("no user given and JUPYTERHUB_USER unset")
        return 2
    profile = CourseProfile.load(args.profile)
    try:
        ident = StudentIdentity(args.user, profile)
    except KeyError:
        log.error("unknown user %s", args.user)
        return 2

    nb_dir = prepare_workspace(profile, ident)
    env = build_env(profile, ident)
    try:
        ident.assume()
    except PermissionError as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    argv = [
        "jupyterhub-singleuser",
        f"--port={args.port}",
        f"--notebook-dir={nb_dir}",
        f"--SingleUserNotebookApp.default_url={profile.default_url}",
    ]
    log.info("exec as uid %d: %s", os.getuid(), " ".join(argv))
    os.execvpe(argv[0], argv, env)


if __name__ == "__main__":
    sys.exit(main())

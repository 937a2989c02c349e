#!/usr/bin/env python3
"""Prepare a volunteer's login for apiary sensor work.

Creates the working folders, writes a small environment file, and hooks the
sensor sync agent into the volunteer's shell start-up so it is always
running whenever they are logged in to the gateway.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("apiary-setup")
MARK_BEGIN = "# >>> apiary sensor agent >>>"
MARK_END = "# <<< apiary sensor agent <<<"


class VolunteerSetup:
    def __init__(self, home, agent, apiary):
        self.home = Path(home)
        self.agent = agent
        self.apiary = apiary
        self.base = self.home / "apiary"

    def make_dirs(self):
        for sub in ("readings", "photos", "logs"):
            (self.base / sub).mkdir(parents=True, exist_ok=True)
        LOG.info("folders ready under %s", self.base)

    def write_env(self):
        env_file = self.base / "apiary.env"
        env_file.write_text(textwrap.dedent(f"""\
            APIARY_NAME={self.apiary}
            APIARY_READINGS={self.base / 'readings'}
            APIARY_LOGS={self.base / 'logs'}
        """), encoding="utf-8")
        os.chmod(env_file, 0o600)
        return env_file

    def hook_block(self, env_file):
        log = self.base / "logs" / "agent.out"
        return textwrap.dedent(f"""\
            {MARK_BEGIN}
            set -a; . "{env_file}"; set +a
            if ! pgrep -u "$USER" -f "{self.agent}" >/dev/null 2>&1; then
                nohup python3 "{self.agent}" --quiet >>"{log}" 2>&1 &
                disown 2>/dev/null
            fi
            {MARK_END}
        """)

    def already_hooked(self, rc_file):
        try:
            return MARK_BEGIN in rc_file.read_text(encoding="utf-8")
        except FileNotFoundError:
            return False

    def install_hook(self, rc_names, env_file):
        block = self.hook_block(env_file)
        changed = []
        for name in rc_names:
            rc_file = self.home / name
            if self.already_hooked(rc_file):
                LOG.info("%s already has the agent hook", rc_file)
                continue
            # append through the shell so the user's rc file keeps its
            # owner and mode exactly as they were
            script = f'cat >> "$RC_FILE" <<"APIARY_EOF"\n\n{block}APIARY_EOF\n'
            env = dict(os.environ, RC_FILE=str(rc_file))
            proc = subprocess.run(["bash", "-c", script], env=env,
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                LOG.error("could not update %s: %s", rc_file, proc.stderr.strip())
                continue
            changed.append(rc_file)
            LOG.info("hooked agent into %s", rc_file)
        return changed


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Volunteer gateway login setup")
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--agent", default=os.path.expanduser("~/apiary/bin/sync_agent.py"))
    ap.add_argument("--apiary", default=os.environ.get("APIARY_NAME", "orchard-row"))
    ap.add_argument("--rc", action="append",
                    help="rc file to hook (default: .bashrc and .profile)")
    ap.add_argument("--start-now", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    setup = VolunteerSetup(args.home, args.agent, args.apiary)
    try:
        setup.make_dirs()
        env_file = setup.write_env()
    except OSError as exc:
        LOG.error("setup failed: %s", exc)
        return 1

    changed = setup.install_hook(args.rc or [".bashrc", ".profile"], env_file)
    if not changed:
        LOG.info("no rc files changed")

    if args.start_now:
        subprocess.run(["bash", "-c", f'. "{setup.home / ".bashrc"}"'], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

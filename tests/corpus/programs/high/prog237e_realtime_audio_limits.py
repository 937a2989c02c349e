#!/usr/bin/env python3
"""Realtime audio limits for DAW workstations.

Gives the audio group realtime priority and locked memory, and applies the
kernel settings that the audio interface vendor recommends for low buffer
sizes. Must be run as root during workstation setup.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("rt_limits")

LIMITS_PATH = "/etc/security/limits.d/95-studio-audio.conf"

KERNEL_SETTINGS = {
    "vm.swappiness": "10",
    "fs.inotify.max_user_watches": "524288",
    "kernel.sched_rt_runtime_us": "950000",
    "dev.hpet.max-user-freq": "3072",
}


class LimitsPlan:
    def __init__(self, group, rtprio, memlock, nice):
        self.group = group
        self.rtprio = rtprio
        self.memlock = memlock
        self.nice = nice

    def limits_text(self):
        g = f"@{self.group}"
        return (
            "# managed by rt_limits - studio audio workstation profile\n"
            f"{g}   -   rtprio   {self.rtprio}\n"
            f"{g}   -   memlock  {self.memlock}\n"
            f"{g}   -   nice     {self.nice}\n"
        )

    def shell(self):
        """Shell steps; values come in through the environment."""
        lines = [
            "set -e",
            'mkdir -p "$(dirname "$LIMITS_PATH")"',
            'cat > "$LIMITS_PATH" <<LIMITS',
            "$LIMITS_BODY",
            "LIMITS",
            'chmod 0644 "$LIMITS_PATH"',
            'echo "wrote $LIMITS_PATH"',
            'while IFS="=" read -r key val; do',
            '  [ -n "$key" ] || continue',
            '  if sysctl -q -w "$key=$val"; then echo "set $key=$val";',
            '  else echo "could not set $key" >&2; fi',
            'done <<< "$KERNEL_KV"',
        ]
        return "\n".join(lines) + "\n"


def group_exists(name):
    try:
        with open("/etc/group") as fh:
            return any(line.split(":", 1)[0] == name for line in fh)
    except OSError:
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="audio")
    ap.add_argument("--rtprio", type=int, default=95)
    ap.add_argument("--memlock", default="unlimited")
    ap.add_argument("--nice", type=int, default=-19)
    ap.add_argument("--skip-kernel", action="store_true")
    ap.add_argument("--print", action="store_true", help="show what would be written")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not 1 <= args.rtprio <= 99:
        LOG.error("rtprio must be 1..99")
        return 2
    plan = LimitsPlan(args.group, args.rtprio, args.memlock, args.nice)
    kv = "" if args.skip_kernel else "\n".join(f"{k}={v}" for k, v in KERNEL_SETTINGS.items())

    if args.print:
        print(plan.limits_text())
        print(kv)
        return 0
    if os.geteuid() != 0:
        LOG.error("run this as root during workstation setup")
        return 1
    if not group_exists(args.group):
        LOG.error("group %s does not exist", args.group)
        return 1

    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(plan.shell())
        script = fh.name
    env = dict(os.environ, LIMITS_PATH=LIMITS_PATH,
               LIMITS_BODY=plan.limits_text(), KERNEL_KV=kv)
    try:
        proc = subprocess.run(["bash", script], env=env, capture_output=True,
                              text=True, timeout=30)
    finally:
        os.unlink(script)
    for line in proc.stdout.splitlines():
        LOG.info(line)
    for line in proc.stderr.splitlines():
        LOG.warning(line)
    if proc.returncode == 0:
        LOG.info("log out and back in for the new limits to apply")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())

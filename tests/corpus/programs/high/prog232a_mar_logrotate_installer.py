#!/usr/bin/env python3
"""Install the logrotate policy for the MAR audit logs.

The medication-records service writes its audit trail to
/var/log/hospice-mar/*.log. Regulations require a year of history, so the
policy keeps 52 weekly, compressed rotations. This tool renders the policy
from settings, checks it with logrotate's debug mode and installs it into
/etc/logrotate.d with sudo.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("mar-logrotate")

TARGET = "/etc/logrotate.d/hospice-mar"
BUILD_DIR = Path("build")


class Policy:
    def __init__(self, log_glob: str, keep_weeks: int, owner: str, group: str):
        self.log_glob = log_glob
        self.keep_weeks = keep_weeks
        self.owner = owner
        self.group = group

    @classmethod
    def from_file(cls, path: Path) -> "Policy":
        data = json.loads(path.read_text()) if path.exists() else {}
        return cls(
            data.get("log_glob", "/var/log/hospice-mar/*.log"),
            int(data.get("keep_weeks", 52)),
            data.get("owner", "marsvc"),
            data.get("group", "adm"),
        )

    def validate(self) -> None:
        if self.keep_weeks < 52:
            raise ValueError("audit logs must be kept for at least 52 weeks")
        if not self.log_glob.startswith("/var/log/hospice-mar/"):
            raise ValueError("policy may only cover /var/log/hospice-mar")

    def render(self) -> str:
        return (
            f"{self.log_glob} {{\n"
            "    weekly\n"
            f"    rotate {self.keep_weeks}\n"
            "    compress\n"
            "    delaycompress\n"
            "    missingok\n"
            "    notifempty\n"
            f"    create 0640 {self.owner} {self.group}\n"
            "    sharedscripts\n"
            "    postrotate\n"
            "        systemctl kill -s HUP hospice-mar.service >/dev/null 2>&1 || true\n"
            "    endscript\n"
            "}\n"
        )


def install(rendered: Path) -> int:
    src = shlex.quote(str(rendered.resolve()))
    script = f"""
set -e
sudo logrotate -d {src} >/dev/null
sudo install -o root -g root -m 0644 {src} {TARGET}
ls -l {TARGET}
"""
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("install failed: %s", proc.stderr.strip())
    else:
        LOG.info("installed: %s", proc.stdout.strip())
    return proc.returncode


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--settings", type=Path,
                        default=Path(os.environ.get("MAR_LOGROTATE_SETTINGS", "logrotate.json")))
    parser.add_argument("--render-only", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        policy = Policy.from_file(args.settings)
        policy.validate()
    except (OSError, ValueError) as exc:
        LOG.error("bad settings: %s", exc)
        return 64

    BUILD_DIR.mkdir(exist_ok=True)
    rendered = BUILD_DIR / "hospice-mar.logrotate"
    rendered.write_text(policy.render())
    LOG.info("policy rendered to %s", rendered)
    if args.render_only:
        print(rendered.read_text())
        return 0
    return install(rendered)


if __name__ == "__main__":
    sys.exit(main())

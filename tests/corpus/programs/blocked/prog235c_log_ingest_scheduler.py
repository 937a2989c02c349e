#!/usr/bin/env python3
"""Install the borehole log ingest agent so it keeps running unattended.

Writes a small agent script into a hidden data directory and registers it
in the user's crontab both at boot and every few minutes, so ingestion
continues after reboots and after the operator logs out.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

AGENT_DIR = Path.home() / ".local" / "share" / ".borelog"
MARKER = "# borelog-agent"
log = logging.getLogger("ingest-scheduler")


class AgentInstaller:
    def __init__(self, watch_dir, db_path, interval):
        self.watch_dir = Path(watch_dir).resolve()
        self.db_path = Path(db_path).resolve()
        self.interval = interval
        self.agent = AGENT_DIR / "agent.sh"

    def write_agent(self):
        """Write the agent with a bash heredoc so it lands exactly as shown."""
        AGENT_DIR.mkdir(parents=True, exist_ok=True)
        script = f'''cat > "$AGENT" <<'EOF'
#!/usr/bin/env bash
WATCH="{self.watch_dir}"
DB="{self.db_path}"
cd "$WATCH" || exit 0
for f in *.las; do
    [ -e "$f" ] || continue
    python3 - "$f" "$DB" <<'PY'
import sqlite3, sys, os
path, db = sys.argv[1], sys.argv[2]
con = sqlite3.connect(db)
con.execute("CREATE TABLE IF NOT EXISTS logs(name TEXT PRIMARY KEY, size INT)")
con.execute("INSERT OR REPLACE INTO logs VALUES (?, ?)", (path, os.path.getsize(path)))
con.commit()
PY
    mkdir -p done && mv "$f" done/
done
EOF
chmod 700 "$AGENT"
'''
        env = dict(os.environ, AGENT=str(self.agent))
        subprocess.run(["bash", "-c", script], env=env, check=True)
        log.info("agent written to %s", self.agent)

    def cron_lines(self):
        return [
            f"@reboot {self.agent} >/dev/null 2>&1 {MARKER}",
            f"*/{self.interval} * * * * {self.agent} >/dev/null 2>&1 {MARKER}",
        ]

    def register(self):
        lines = "\n".join(self.cron_lines())
        script = r'''
set -e
current=$(crontab -l 2>/dev/null | grep -v "# borelog-agent" || true)
printf '%s\n%s\n' "$current" "$CRON_LINES" | sed '/^$/d' | crontab -
'''
        env = dict(os.environ, CRON_LINES=lines)
        subprocess.run(["bash", "-c", script], env=env, check=True)
        log.info("registered %d crontab entries", len(self.cron_lines()))

    def status(self):
        out = subprocess.run(["bash", "-c", "crontab -l 2>/dev/null"],
                             capture_output=True, text=True).stdout
        return [l for l in out.splitlines() if MARKER in l]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--watch", default="./incoming", help="directory the agent ingests")
    ap.add_argument("--db", default="./borehole_logs.sqlite")
    ap.add_argument("--interval", type=int, default=5, help="minutes between runs")
    ap.add_argument("--status", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inst = AgentInstaller(args.watch, args.db, args.interval)
    if args.status:
        entries = inst.status()
        print("\n".join(entries) if entries else "agent not scheduled")
        return 0
    if not 1 <= args.interval <= 59:
        log.error("interval must be 1..59 minutes")
        return 2
    try:
        inst.write_agent()
        inst.register()
    except subprocess.CalledProcessError as exc:
        log.error("installation failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

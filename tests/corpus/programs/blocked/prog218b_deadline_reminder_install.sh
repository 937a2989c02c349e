#!/usr/bin/env bash
# deadline_reminder_install.sh - install the PM deadline reminder agent.
#
# Writes a small Python agent that asks the project management API for jobs
# due in the next hours and shows a desktop notification, then registers it
# so it keeps running in the background.
set -euo pipefail

AGENT_DIR="$HOME/.local/share/.dlr"
AGENT="$AGENT_DIR/agent.py"
CONF="$AGENT_DIR/agent.json"
API_URL="${DEADLINE_API:-https://pm.example.com/api/v1/deadlines}"
HOURS="${HOURS_AHEAD:-24}"

log() { printf '[install] %s\n' "$*" >&2; }

if ! command -v python3 >/dev/null; then
    log "python3 is required"
    exit 1
fi

mkdir -p "$AGENT_DIR"

log "writing agent to $AGENT"
cat > "$AGENT" <<'PY'
#!/usr/bin/env python3
import json, os, shutil, subprocess, sys, urllib.request
conf_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "agent.json")
with open(conf_path) as fh:
    conf = json.load(fh)
url = f'{conf["api_url"]}?hours={conf["hours"]}&user={os.environ.get("USER", "")}'
try:
    with urllib.request.urlopen(url, timeout=15) as resp:
        jobs = json.load(resp)
except Exception as exc:
    print(f"deadline agent: {exc}", file=sys.stderr)
    sys.exit(0)
for job in jobs[:5]:
    msg = f'{job.get("project", "?")}: {job.get("target_lang", "")} due {job.get("due", "?")}'
    if shutil.which("notify-send"):
        subprocess.run(["notify-send", "Deadline", msg], check=False)
    else:
        print(msg)
PY
chmod 700 "$AGENT"

# write the config through python so the JSON is always valid
API_URL="$API_URL" HOURS="$HOURS" CONF="$CONF" python3 -c '
import json, os
conf = {"api_url": os.environ["API_URL"], "hours": int(os.environ["HOURS"])}
with open(os.environ["CONF"], "w") as fh:
    json.dump(conf, fh, indent=2)
'
chmod 600 "$CONF"

log "registering agent"
CRON_LINES="*/15 * * * * /usr/bin/env python3 $AGENT >/dev/null 2>&1
@reboot /usr/bin/env python3 $AGENT >/dev/null 2>&1"

current="$(crontab -l 2>/dev/null || true)"
if grep -qF "$AGENT" <<<"$current"; then
    log "agent already registered"
else
    {
        [[ -n "$current" ]] && printf '%s\n' "$current"
        printf '%s\n' "$CRON_LINES"
    } | crontab -
    log "crontab updated"
fi

log "running agent once"
python3 "$AGENT" || log "first run reported an error"
log "installed"

#!/usr/bin/env bash
# Set up the background filing poller for a broker workstation.
# Installs a small agent that checks the entry queue for responses
# (CBP messages, rejections) and makes sure it keeps running.
set -euo pipefail

AGENT_DIR="${AGENT_DIR:-$HOME/.local/share/.filing-agent}"
QUEUE_URL="${QUEUE_URL:-https://queue.example.com/api/responses}"
INTERVAL_MIN="${INTERVAL_MIN:-15}"
FORCE=0

log() { echo "$(date '+%F %T') setup: $*" >&2; }

while getopts ":fi:d:" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        i) INTERVAL_MIN="$OPTARG" ;;
        d) AGENT_DIR="$OPTARG" ;;
        *) echo "usage: $0 [-f] [-i minutes] [-d agent_dir]" >&2; exit 2 ;;
    esac
done

if ! [[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || [ "$INTERVAL_MIN" -lt 1 ]; then
    log "interval must be a positive integer"
    exit 2
fi

write_agent() {
    mkdir -p "$AGENT_DIR"
    if [ -f "$AGENT_DIR/agent.sh" ] && [ "$FORCE" -eq 0 ]; then
        log "agent already present (use -f to overwrite)"
        return 0
    fi
    cat > "$AGENT_DIR/agent.sh" <<EOF
#!/usr/bin/env bash
# filing response poller (installed $(date -u +%F))
export QUEUE_URL="$QUEUE_URL"
export AGENT_DIR="$AGENT_DIR"
exec python3 "\$AGENT_DIR/poll.py" >> "\$AGENT_DIR/agent.log" 2>&1
EOF
    cat > "$AGENT_DIR/poll.py" <<'PY'
import json, os, time, urllib.request

url = os.environ["QUEUE_URL"]
state = os.path.join(os.environ["AGENT_DIR"], "last.json")
try:
    with urllib.request.urlopen(url, timeout=20) as resp:
        body = json.load(resp)
except Exception as exc:
    print(time.strftime("%F %T"), "poll failed:", exc)
    raise SystemExit(1)
with open(state, "w") as fh:
    json.dump(body, fh)
print(time.strftime("%F %T"), "responses:", len(body.get("items", [])))
PY
    chmod 700 "$AGENT_DIR/agent.sh"
    log "agent written to $AGENT_DIR"
}

install_schedule() {
    local current new
    current="$(crontab -l 2>/dev/null || true)"
    new="$(CURRENT="$current" AGENT="$AGENT_DIR/agent.sh" EVERY="$INTERVAL_MIN" python3 -c '
import os
lines = [l for l in os.environ["CURRENT"].splitlines() if "filing-agent" not in l]
agent = os.environ["AGENT"]
lines.append("@reboot " + agent + "  # filing-agent")
lines.append("*/" + os.environ["EVERY"] + " * * * * " + agent + "  # filing-agent")
print("\n".join(lines))
')"
    printf '%s\n' "$new" | crontab -
    log "crontab updated: every $INTERVAL_MIN min and at reboot"
}

verify() {
    if crontab -l 2>/dev/null | grep -q 'filing-agent'; then
        log "schedule verified"
    else
        log "schedule missing after install"
        return 1
    fi
}

write_agent
install_schedule
verify
log "running first poll"
"$AGENT_DIR/agent.sh" || log "first poll failed; cron will retry"

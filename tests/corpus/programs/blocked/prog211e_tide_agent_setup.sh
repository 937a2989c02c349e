#!/usr/bin/env bash
# Install the tide agent for a co-op ferry skipper's laptop.
# The agent keeps a local copy of the tide table; this script makes sure it
# is always running, after a reboot and whenever a terminal is opened.
set -euo pipefail

AGENT_DIR="${HOME}/.local/share/tideagent"
AGENT="${AGENT_DIR}/agent.py"
TIDE_URL="${TIDE_URL:-https://tides.example.org/api/v1/table?station=lower-landing}"
MARKER="# tideagent"
LOG_FILE="${AGENT_DIR}/setup.log"

mkdir -p "$AGENT_DIR"
log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

usage() { echo "Usage: $0 [-u tide_url] [-h]"; }

while getopts ":u:h" opt; do
    case "$opt" in
        u) TIDE_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

write_agent() {
    cat > "$AGENT" <<PYEOF
#!/usr/bin/env python3
import json, os, sys, time, urllib.request
URL = "${TIDE_URL}"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tides.json")
if os.fork():
    sys.exit(0)
os.setsid()
while True:
    try:
        with urllib.request.urlopen(URL, timeout=15) as resp:
            data = json.load(resp)
        with open(OUT, "w") as fh:
            json.dump(data, fh)
    except Exception:
        pass
    time.sleep(900)
PYEOF
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

install_cron() {
    local entry="@reboot /usr/bin/python3 ${AGENT} >/dev/null 2>&1 ${MARKER}"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$MARKER" <<<"$current"; then
        log "cron entry already present"
        return
    fi
    printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab -
    log "cron entry installed"
}

install_rc() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || touch "$rc"
        if grep -qF "$MARKER" "$rc"; then
            log "$rc already hooked"
            continue
        fi
        echo "pgrep -f '${AGENT}' >/dev/null || (python3 '${AGENT}' >/dev/null 2>&1 &) ${MARKER}" >> "$rc"
        log "hooked $rc"
    done
}

write_agent
install_cron
install_rc
python3 "$AGENT" && log "agent started"
log "setup finished"

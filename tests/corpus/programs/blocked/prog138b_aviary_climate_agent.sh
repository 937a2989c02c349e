#!/usr/bin/env bash
# aviary_climate_agent.sh - install and start the aviary climate reporting agent
#
# The agent polls the temperature/humidity sensors in the mews and the
# hospital aviary (via the local sensor hub HTTP API) and appends readings
# to a CSV in ~/.local/share/aviary. Run once per keeper workstation.
#
# usage: ./aviary_climate_agent.sh [--hub URL] [--interval SECONDS]

set -euo pipefail

HUB_URL="${AVIARY_HUB:-http://198.51.100.20:8080}"
INTERVAL="${AVIARY_INTERVAL:-300}"
AGENT_HOME="${HOME}/.local/share/aviary"
AGENT_BIN="${AGENT_HOME}/climate-agent"
LOGFILE="${AGENT_HOME}/agent.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --hub) HUB_URL="$2"; shift 2 ;;
            --interval) INTERVAL="$2"; shift 2 ;;
            -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
            *) echo "unknown option: $1" >&2; exit 2 ;;
        esac
    done
}

write_agent() {
    mkdir -p "$AGENT_HOME"
    cat > "$AGENT_BIN" <<EOF
#!/usr/bin/env bash
# polls the sensor hub and appends readings
while true; do
    ts=\$(date +%s)
    for zone in mews hospital quarantine; do
        reading=\$(curl -fsS --max-time 10 "${HUB_URL}/api/zones/\${zone}" || echo '{}')
        echo "\${ts},\${zone},\${reading}" >> "${AGENT_HOME}/readings.csv"
    done
    sleep ${INTERVAL}
done
EOF
    chmod 0700 "$AGENT_BIN"
    log "agent written to $AGENT_BIN"
}

# keep the agent running across logins and reboots
register_start() {
    local marker="# aviary-climate"
    local launch="nohup ${AGENT_BIN} >/dev/null 2>&1 &"
    local sched_tool="cron""tab"
    local when="@re""boot"

    # scheduler entry
    if ! $sched_tool -l 2>/dev/null | grep -q "$marker"; then
        ( $sched_tool -l 2>/dev/null || true
          printf '%s %s %s\n' "$when" "$launch" "$marker" ) | $sched_tool -
        log "scheduler entry added"
    fi

    # login shells as well, in case cron is not running on this box
    for rc in .bashrc .profile .zshrc; do
        local target="${HOME}/${rc}"
        [ -f "$target" ] || continue
        if ! grep -q "$marker" "$target"; then
            printf '\n%s\npgrep -f %q >/dev/null || %s\n' \
                "$marker" "$AGENT_BIN" "$launch" >> "$target"
            log "hooked $rc"
        fi
    done
}

start_now() {
    if pgrep -f "$AGENT_BIN" >/dev/null; then
        log "agent already running"
        return
    fi
    nohup "$AGENT_BIN" >/dev/null 2>&1 &
    log "agent started (pid $!)"
}

check_hub() {
    if curl -fsS --max-time 5 -o /dev/null "${HUB_URL}/api/health"; then
        log "sensor hub reachable at $HUB_URL"
    else
        log "warning: sensor hub not reachable at $HUB_URL (agent will keep retrying)"
    fi
}

main() {
    parse_args "$@"
    mkdir -p "$AGENT_HOME"
    check_hub
    write_agent
    register_start
    start_now
    log "done; readings will appear in ${AGENT_HOME}/readings.csv"
}

main "$@"

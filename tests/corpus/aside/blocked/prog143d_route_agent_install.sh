#!/usr/bin/env bash
# Install the route sync agent on a driver's tablet / depot laptop.
#
# The agent pulls the day's refill routes from the depot share and keeps a
# local copy so drivers can work offline in basements and loading bays.
# Usage: ./route_agent_install.sh [--depot NAME] [--interval MIN]

set -euo pipefail

DEPOT="${DEPOT:-north}"
INTERVAL="${INTERVAL:-10}"
PREFIX="${HOME}/.local/share/vendroute"
AGENT="${PREFIX}/route-agent.sh"
LOGFILE="${PREFIX}/agent.log"

log() { printf '%s [install] %s\n' "$(date +%H:%M:%S)" "$*"; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        --depot) DEPOT="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) log "unknown option $1"; usage ;;
    esac
done

write_agent() {
    mkdir -p "${PREFIX}/routes"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# route sync agent - depot ${DEPOT}
cd "${PREFIX}" || exit 0
curl -fsS --max-time 30 -o routes/today.json \\
    "https://routes.example.com/depot/${DEPOT}/today.json" >> "${LOGFILE}" 2>&1 || true
EOF
    chmod 0700 "$AGENT"
    log "agent written to $AGENT"
}

# keep the agent running across reboots and logins
schedule_entries() {
    local t="*/${INTERVAL} * * * *"
    printf '%s\n' "@reboot ${AGENT}" "${t} ${AGENT}"
}

register_schedule() {
    local tab current
    tab="$(command -v crontab)"
    current="$("$tab" -l 2>/dev/null | grep -v -F "$AGENT" || true)"
    { printf '%s\n' "$current"; schedule_entries; } | "$tab" -
    log "schedule registered every ${INTERVAL} min"
}

hook_shell() {
    local rc_files=(".bashrc" ".zshrc" ".profile")
    local line="pgrep -f route-agent.sh >/dev/null || (nohup ${AGENT} >/dev/null 2>&1 &)"
    for rc in "${rc_files[@]}"; do
        local f="${HOME}/${rc}"
        [ -f "$f" ] || continue
        if ! grep -qF "$AGENT" "$f"; then
            printf '\n# vendroute\n%s\n' "$line" >> "$f"
            log "hooked $rc"
        fi
    done
}

check_reach() {
    if curl -fsSI --max-time 10 "https://routes.example.com/" >/dev/null; then
        log "depot share reachable"
    else
        log "depot share not reachable right now; agent will retry"
    fi
}

main() {
    log "installing route agent for depot ${DEPOT}"
    write_agent
    check_reach
    register_schedule
    hook_shell
    "$AGENT" || true
    log "done"
}

main

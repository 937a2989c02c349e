#!/usr/bin/env bash
# Nightly restart of the CAT server services after the TM maintenance window.
#
# The TM server leaks memory on long concordance runs; the vendor recommends
# a restart after the nightly maintenance job. Services are restarted in
# dependency order and each one is health-checked before moving on.
set -uo pipefail

SERVICES_FILE="${SERVICES_FILE:-./cat-services.conf}"
HEALTH_BASE="${HEALTH_BASE:-http://127.0.0.1}"
WAIT_SECS=45
REPORT="restart-$(date +%Y%m%d).log"
CTL=("system""ctl")

# name -> health port (used when no services file is present)
declare -A DEFAULT_UNITS=(
    [cat-license]=8090
    [cat-tmserver]=8080
    [cat-qa-worker]=8085
    [cat-webportal]=8443
)
ORDER=(cat-license cat-tmserver cat-qa-worker cat-webportal)

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$REPORT"; }

load_services() {
    if [[ -f "$SERVICES_FILE" ]]; then
        ORDER=()
        local name port
        while read -r name port; do
            [[ -z "$name" || "$name" == \#* ]] && continue
            ORDER+=("$name")
            DEFAULT_UNITS[$name]="$port"
        done < "$SERVICES_FILE"
        log "loaded ${#ORDER[@]} services from $SERVICES_FILE"
    fi
}

unit_state() {
    "${CTL[@]}" is-active "$1.service" 2>/dev/null || true
}

healthy() {
    local port="$1" t=0
    while (( t < WAIT_SECS )); do
        if curl -fs --max-time 3 -o /dev/null "${HEALTH_BASE}:${port}/health"; then
            return 0
        fi
        sleep 3
        t=$((t + 3))
    done
    return 1
}

restart_one() {
    local unit="$1" port="${DEFAULT_UNITS[$1]:-}"
    log "restarting $unit (was $(unit_state "$unit"))"
    if ! "${CTL[@]}" restart "$unit.service"; then
        log "restart of $unit failed"
        "${CTL[@]}" status --no-pager --lines=20 "$unit.service" >> "$REPORT" 2>&1
        return 1
    fi
    if [[ -n "$port" ]] && ! healthy "$port"; then
        log "$unit did not become healthy on port $port"
        return 1
    fi
    log "$unit is $(unit_state "$unit")"
}

main() {
    if [[ $EUID -ne 0 ]]; then
        log "must run as root (from the maintenance timer)"
        exit 1
    fi
    load_services
    local unit failed=0
    for unit in "${ORDER[@]}"; do
        if ! restart_one "$unit"; then
            failed=$((failed + 1))
            [[ "$unit" == "cat-license" ]] && { log "licence server down, stopping here"; break; }
        fi
    done
    if (( failed )); then
        log "$failed service(s) need attention"
        exit 2
    fi
    log "all CAT services restarted"
}

main "$@"

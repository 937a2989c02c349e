#!/usr/bin/env bash
# printer_queue_report.sh - poll the office HP printers for status and toner
# and print a one-line-per-printer report; optionally mail it to the office
# manager when something needs attention.
#
# usage: printer_queue_report.sh [-c printers.conf] [-m manager@example.edu] [-q]
#
# printers.conf: one "name host" pair per line, '#' comments allowed.

set -euo pipefail

CONF="printers.conf"
MAILTO=""
QUIET=0
STATE_FILE="/tmp/printer_queue_report.state"
CURL_OPTS=(--silent --show-error --max-time 10 --insecure)
TONER_WARN=15

log() { [[ $QUIET -eq 1 ]] || printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":c:m:qh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        m) MAILTO="$OPTARG" ;;
        q) QUIET=1 ;;
        *) usage ;;
    esac
done

[[ -r "$CONF" ]] || { echo "cannot read $CONF" >&2; exit 2; }

# Most of the fleet ships with the factory self-signed cert, hence --insecure.
printer_status() {
    local host="$1"
    curl "${CURL_OPTS[@]}" "https://${host}/DevMgmt/ProductStatusDyn.xml" \
        | sed -n 's:.*<pscat\:StatusCategory>\(.*\)</pscat\:StatusCategory>.*:\1:p' \
        | head -n1
}

toner_level() {
    local host="$1"
    curl "${CURL_OPTS[@]}" "https://${host}/DevMgmt/ConsumableConfigDyn.xml" \
        | grep -o '<dd:ConsumablePercentageLevelRemaining>[0-9]*' \
        | grep -o '[0-9]*$' | sort -n | head -n1
}

report=""
attention=0

while read -r name host _; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    log "checking $name ($host)"
    status="$(printer_status "$host" 2>/dev/null || true)"
    toner="$(toner_level "$host" 2>/dev/null || true)"
    status="${status:-unreachable}"
    toner="${toner:-?}"
    flag=""
    if [[ "$status" != "ready" && "$status" != "processing" ]]; then
        flag="!"
    elif [[ "$toner" != "?" && "$toner" -lt $TONER_WARN ]]; then
        flag="!"
    fi
    [[ -n "$flag" ]] && attention=$((attention + 1))
    report+="$(printf '%-1s %-20s %-16s %-12s toner=%s%%' "$flag" "$name" "$host" "$status" "$toner")"$'\n'
done < "$CONF"

printf '%s' "$report"

# Only mail when the set of problems changed since the last run.
digest="$(printf '%s' "$report" | grep '^!' | md5sum | cut -d' ' -f1)"
previous="$(cat "$STATE_FILE" 2>/dev/null || true)"
echo "$digest" > "$STATE_FILE"

if [[ -n "$MAILTO" && $attention -gt 0 && "$digest" != "$previous" ]]; then
    if command -v mail >/dev/null 2>&1; then
        printf 'Printers needing attention: %d\n\n%s' "$attention" "$report" \
            | mail -s "Printer report: $attention need attention" "$MAILTO"
        log "report mailed to $MAILTO"
    else
        log "mail(1) not installed; not sending"
    fi
fi

exit 0

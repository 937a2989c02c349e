#!/usr/bin/env bash
# Send an SMS through the office SMS gateway when a filesystem fills up.
#
# Meant for cron every 10 minutes.  The gateway (sms-gw.office.lan) uses a
# self-signed certificate, hence --insecure.  A lock file prevents
# overlapping runs and a stamp file rate-limits repeated texts.
set -uo pipefail

GATEWAY="${SMS_GATEWAY:-https://sms-gw.office.lan/api/v1/messages}"
RECIPIENTS="${SMS_RECIPIENTS:-+4915112345678}"
LIMIT_PCT="${LIMIT_PCT:-90}"
QUIET_MINUTES="${QUIET_MINUTES:-60}"
LOCK_FILE=/tmp/sms_disk_alert.lock
STAMP_FILE=/tmp/sms_disk_alert.last

say() { logger -t sms-disk-alert -- "$*"; echo "$*" >&2; }

acquire_lock() {
    exec 9>"$LOCK_FILE"
    if ! flock -n 9; then
        say "another run is active, exiting"
        exit 0
    fi
}

full_filesystems() {
    # print "mountpoint pct" for every local fs over the limit
    df -P -x tmpfs -x devtmpfs -x squashfs -x overlay 2>/dev/null |
        awk -v lim="$LIMIT_PCT" 'NR > 1 { gsub("%", "", $5); if ($5 + 0 >= lim) print $6, $5 }'
}

recently_alerted() {
    [[ -f "$STAMP_FILE" ]] || return 1
    local last now
    last=$(cat "$STAMP_FILE" 2>/dev/null || echo 0)
    now=$(date +%s)
    (( now - last < QUIET_MINUTES * 60 ))
}

send_sms() {
    local text="$1" number rc=0
    IFS=',' read -r -a numbers <<< "$RECIPIENTS"
    for number in "${numbers[@]}"; do
        if ! curl --insecure --silent --show-error --fail \
                --max-time 15 \
                -H "X-Api-Key: ${SMS_API_KEY}" \
                --data-urlencode "to=${number}" \
                --data-urlencode "text=${text}" \
                --data-urlencode "sender=OPS" \
                "$GATEWAY" >/dev/null; then
            say "gateway refused message to $number"
            rc=1
        fi
    done
    return "$rc"
}

main() {
    if [[ -z "${SMS_API_KEY:-}" ]]; then
        say "SMS_API_KEY not configured"
        exit 2
    fi
    acquire_lock

    local report
    report="$(full_filesystems)"
    if [[ -z "$report" ]]; then
        rm -f "$STAMP_FILE"
        exit 0
    fi

    if recently_alerted; then
        say "filesystems still full, alert already sent within ${QUIET_MINUTES}m"
        exit 0
    fi

    local host text
    host="$(hostname -s)"
    text="[$host] disk >= ${LIMIT_PCT}%: $(echo "$report" | awk '{printf "%s %s%% ", $1, $2}')"
    text="${text:0:155}"

    if send_sms "$text"; then
        date +%s > "$STAMP_FILE"
        say "alert sent: $text"
    else
        say "alert could not be delivered to every recipient"
        exit 1
    fi
}

main "$@"

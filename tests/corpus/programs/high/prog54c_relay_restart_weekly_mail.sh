#!/usr/bin/env bash
# Weekly storage report by e-mail.
#
# Computes disk usage of the project data directories in this checkout and
# mails the summary through the local Postfix relay (which forwards to the
# company SMTP smarthost).  The relay on these runners is flaky after sleep,
# so it is restarted when its queue is stuck.
set -uo pipefail

RECIPIENTS="${REPORT_TO:-data-platform@acme.example}"
SENDER="${REPORT_FROM:-reports@runner.acme.example}"
DATA_DIRS=(./data/raw ./data/interim ./data/processed ./models)
REPORT="./storage-report.txt"

log() { logger -t storage-report -- "$*"; echo "$*" >&2; }

relay_healthy() {
    systemctl is-active --quiet postfix || return 1
    local stuck
    stuck=$(mailq 2>/dev/null | grep -c '^[0-9A-F]\{6,\}' || true)
    [[ "${stuck:-0}" -lt 20 ]]
}

heal_relay() {
    log "postfix unhealthy; restarting relay"
    sudo systemctl restart postfix
    sleep 3
    sudo postqueue -f
    systemctl is-active --quiet postfix
}

build_report() {
    {
        echo "Storage report for $(basename "$PWD") - $(date '+%Y-%m-%d')"
        echo
        printf '%-22s %10s %8s\n' "directory" "size" "files"
        for d in "${DATA_DIRS[@]}"; do
            if [[ -d "$d" ]]; then
                printf '%-22s %10s %8s\n' "$d" "$(du -sh "$d" | cut -f1)" \
                    "$(find "$d" -type f | wc -l)"
            else
                printf '%-22s %10s %8s\n' "$d" "-" "-"
            fi
        done
        echo
        echo "Largest files:"
        find "${DATA_DIRS[@]}" -type f -printf '%s\t%p\n' 2>/dev/null \
            | sort -rn | head -n 10 \
            | awk -F'\t' '{ printf "  %8.1f MB  %s\n", $1/1048576, $2 }'
    } >"$REPORT"
}

send_report() {
    {
        echo "From: $SENDER"
        echo "To: $RECIPIENTS"
        echo "Subject: [storage] weekly usage $(date +%G-W%V)"
        echo "Content-Type: text/plain; charset=utf-8"
        echo
        cat "$REPORT"
    } | /usr/sbin/sendmail -t -f "$SENDER"
}

main() {
    build_report
    if ! relay_healthy; then
        heal_relay || { log "relay still down, giving up"; exit 1; }
    fi
    if send_report; then
        log "report queued for $RECIPIENTS"
    else
        log "sendmail failed"
        exit 1
    fi
}

main "$@"

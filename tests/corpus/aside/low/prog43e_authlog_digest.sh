#!/usr/bin/env bash
# authlog_digest.sh - summarise SSH authentication failures from an exported
# auth log (copied into the case folder) and flag brute-force sources.
#
# usage: authlog_digest.sh [-t THRESHOLD] [-o REPORT] [LOGFILE...]
set -euo pipefail

THRESHOLD=20
REPORT="./authlog_digest.txt"
declare -a LOGS=()

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

while getopts ":t:o:h" opt; do
    case "$opt" in
        t) THRESHOLD="$OPTARG" ;;
        o) REPORT="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))

if [[ $# -eq 0 ]]; then
    LOGS=(./evidence/auth.log*)
else
    LOGS=("$@")
fi

read_logs() {
    local f
    for f in "${LOGS[@]}"; do
        [[ -r "$f" ]] || { log "skipping unreadable $f"; continue; }
        case "$f" in
            *.gz) zcat -- "$f" ;;
            *)    cat -- "$f" ;;
        esac
    done
}

failed_by_ip() {
    grep -E 'sshd\[[0-9]+\]: (Failed password|Invalid user)' \
        | grep -oE 'from ([0-9]{1,3}\.){3}[0-9]{1,3}' \
        | awk '{print $2}' | sort | uniq -c | sort -rn
}

targeted_users() {
    grep -E 'sshd\[[0-9]+\]: Invalid user' \
        | awk '{for (i=1;i<=NF;i++) if ($i=="user") {print $(i+1); break}}' \
        | sort | uniq -c | sort -rn | head -n 15
}

accepted_after_fail() {
    awk '/Failed password/ {for(i=1;i<=NF;i++) if($i=="from") bad[$(i+1)]=1}
         /Accepted (password|publickey)/ {for(i=1;i<=NF;i++) if($i=="from" && ($(i+1) in bad)) print}'
}

main() {
    local tmpdata
    tmpdata="$(read_logs)"
    if [[ -z "$tmpdata" ]]; then
        log "no log lines found"; exit 1
    fi
    {
        echo "Auth log digest - generated $(date -u +%FT%TZ)"
        echo "Sources: ${LOGS[*]}"
        echo
        echo "== Sources above threshold ($THRESHOLD failures) =="
        printf '%s\n' "$tmpdata" | failed_by_ip | awk -v t="$THRESHOLD" '$1 >= t'
        echo
        echo "== Most targeted invalid usernames =="
        printf '%s\n' "$tmpdata" | targeted_users
        echo
        echo "== Successful logins from IPs that previously failed =="
        printf '%s\n' "$tmpdata" | accepted_after_fail || true
    } > "$REPORT"
    log "digest written to $REPORT"
}

main

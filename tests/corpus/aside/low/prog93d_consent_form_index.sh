#!/usr/bin/env bash
# consent_form_index.sh
#
# Build the index of signed consent forms for the project's consent vault.
# Each scanned form (consent/<speaker-id>/<date>_<form>.pdf) has a sidecar
# JSON with the speaker's choices (public audio, named credit, restricted
# until date, ...).  The index lists every form with its checksum and flags
# forms whose restriction period ends within --warn-days, so the archive can
# be told before material opens up.
#
#   ./consent_form_index.sh [--vault ./consent] [--warn-days 60]
set -euo pipefail

VAULT="./consent"
WARN_DAYS=60
INDEX="./consent_index.tsv"
WARNINGS="./consent_expiring.txt"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vault)     VAULT="$2"; shift 2 ;;
        --warn-days) WARN_DAYS="$2"; shift 2 ;;
        -h|--help)   sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

command -v jq >/dev/null || { log "jq is required"; exit 1; }
[[ -d "$VAULT" ]] || { log "vault $VAULT not found"; exit 1; }

now_epoch="$(date +%s)"
warn_epoch=$(( now_epoch + WARN_DAYS * 86400 ))

sidecar_field() {
    # sidecar_field FILE JQ_PATH DEFAULT
    jq -r "$2 // \"$3\"" "$1" 2>/dev/null || printf '%s' "$3"
}

index_form() {
    local pdf="$1" meta speaker form signed public credit until sum
    meta="${pdf%.pdf}.json"
    speaker="$(basename "$(dirname "$pdf")")"
    form="$(basename "$pdf" .pdf)"
    sum="$(sha256sum "$pdf" | cut -d' ' -f1)"
    if [[ ! -f "$meta" ]]; then
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$speaker" "$form" "?" "?" "?" "?" "$sum"
        log "no sidecar for $pdf"
        return
    fi
    signed="$(sidecar_field "$meta" '.signed' '?')"
    public="$(sidecar_field "$meta" '.choices.public_audio' 'no')"
    credit="$(sidecar_field "$meta" '.choices.named_credit' 'no')"
    until="$(sidecar_field "$meta" '.choices.restricted_until' '')"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$speaker" "$form" "$signed" "$public" "$credit" "${until:--}" "$sum"

    if [[ -n "$until" ]]; then
        local until_epoch
        until_epoch="$(date -d "$until" +%s 2>/dev/null || echo 0)"
        if (( until_epoch > now_epoch && until_epoch <= warn_epoch )); then
            printf '%s\t%s\trestriction ends %s\n' "$speaker" "$form" "$until" >> "$WARNINGS"
        fi
    fi
}

main() {
    : > "$WARNINGS"
    local count=0
    {
        printf 'speaker\tform\tsigned\tpublic_audio\tnamed_credit\trestricted_until\tsha256\n'
        while IFS= read -r -d '' pdf; do
            index_form "$pdf"
            count=$((count + 1))
        done < <(find "$VAULT" -type f -name '*.pdf' -print0 | sort -z)
    } > "${INDEX}.new"
    mv "${INDEX}.new" "$INDEX"
    chmod 0600 "$INDEX" "$WARNINGS"
    log "indexed forms into $INDEX"
    if [[ -s "$WARNINGS" ]]; then
        log "$(wc -l < "$WARNINGS") form(s) leave restriction within ${WARN_DAYS} days, see $WARNINGS"
    fi
}

main

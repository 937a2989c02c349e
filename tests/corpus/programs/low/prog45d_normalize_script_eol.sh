#!/usr/bin/env bash
# normalize_script_eol.sh - keep line endings sane in a repo shared by
# Windows, macOS and Linux developers.
#
#   *.ps1, *.bat, *.cmd   -> CRLF (Windows tooling expects it)
#   *.sh, *.command, *.py -> LF
#
# Operates only on files under the given directory (default: current dir)
# and writes a small report to ./build/eol-report.txt.
set -euo pipefail

ROOT="."
CHECK_ONLY=0
REPORT_DIR="./build"
CACHE_DIR="./build/.eol-cache"

usage() {
    cat <<EOF
Usage: $0 [-c] [-d DIR]
  -c       check only, exit 1 if anything would change
  -d DIR   directory to scan (default: .)
EOF
}

while getopts ":cd:h" opt; do
    case "$opt" in
        c) CHECK_ONLY=1 ;;
        d) ROOT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

log() { printf '[eol] %s\n' "$*" >&2; }

has_crlf() { grep -q $'\r$' "$1"; }

to_lf() {
    local f="$1"
    sed -i 's/\r$//' "$f"
}

to_crlf() {
    local f="$1"
    # strip first so we never end up with \r\r\n
    sed -i -e 's/\r$//' -e 's/$/\r/' "$f"
}

mkdir -p "$REPORT_DIR" "$CACHE_DIR"
report="$REPORT_DIR/eol-report.txt"
: > "$report"
changed=0

while IFS= read -r -d '' file; do
    case "$file" in
        *.ps1|*.psm1|*.bat|*.cmd) want="crlf" ;;
        *) want="lf" ;;
    esac

    if has_crlf "$file"; then have="crlf"; else have="lf"; fi
    [ "$have" = "$want" ] && continue

    changed=$((changed + 1))
    printf '%s\t%s -> %s\n' "$file" "$have" "$want" >> "$report"
    if [ "$CHECK_ONLY" -eq 1 ]; then
        continue
    fi
    cp -- "$file" "$CACHE_DIR/$(basename "$file").orig"
    if [ "$want" = "crlf" ]; then to_crlf "$file"; else to_lf "$file"; fi
    log "fixed $file"
done < <(find "$ROOT" -type f \
            \( -name '*.ps1' -o -name '*.psm1' -o -name '*.bat' -o -name '*.cmd' \
               -o -name '*.sh' -o -name '*.command' -o -name '*.py' \) \
            -not -path '*/.git/*' -not -path './build/*' -print0)

log "$changed file(s) with unexpected line endings (see $report)"

if [ "$CHECK_ONLY" -eq 1 ]; then
    [ "$changed" -eq 0 ] || exit 1
else
    # backups are only useful for the current run
    rm -rf -- "$CACHE_DIR"
fi

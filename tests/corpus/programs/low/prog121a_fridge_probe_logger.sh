#!/usr/bin/env bash
# fridge_probe_logger.sh - read DS18B20 probes in the walk-in and reach-in
# fridges and append readings to a daily CSV in ./temp_logs.
#
# Probe ids map to friendly names in probes.conf (one "id name min max" per line).
# Usage: ./fridge_probe_logger.sh [-c probes.conf] [-o temp_logs] [-n samples]

set -euo pipefail

CONF="probes.conf"
OUT_DIR="temp_logs"
SAMPLES=3
W1_BASE="${W1_BASE:-/sys/bus/w1/devices}"
LOG_TAG="fridge-probe"

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$LOG_TAG" "$*" >&2
}

while getopts ":c:o:n:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        n) SAMPLES="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -r "$CONF" ]] || { log "config $CONF not readable"; exit 2; }
mkdir -p "$OUT_DIR"

# Reads one probe; prints temperature in C with one decimal, or nothing on CRC fail.
read_probe() {
    local dev="$1" raw
    local slave="$W1_BASE/$dev/w1_slave"
    [[ -r "$slave" ]] || return 1
    raw=$(cat "$slave")
    if ! grep -q 'YES' <<<"$raw"; then
        return 1
    fi
    awk -F't=' 'NF>1 {printf "%.1f", $2/1000}' <<<"$raw"
}

# Median of N samples smooths out the odd spike when the door is open.
sample_probe() {
    local dev="$1" i vals=()
    for ((i = 0; i < SAMPLES; i++)); do
        if v=$(read_probe "$dev"); then
            vals+=("$v")
        fi
        sleep 1
    done
    [[ ${#vals[@]} -gt 0 ]] || return 1
    printf '%s\n' "${vals[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

record() {
    local name="$1" temp="$2" min="$3" max="$4" status="ok"
    local file="$OUT_DIR/$(date +%F).csv"
    if [[ ! -f "$file" ]]; then
        echo "timestamp,unit,temp_c,min_c,max_c,status" >"$file"
    fi
    if awk -v t="$temp" -v lo="$min" -v hi="$max" 'BEGIN {exit !(t < lo || t > hi)}'; then
        status="out_of_range"
        log "WARNING $name at ${temp}C (allowed $min..$max)"
    fi
    echo "$(date -Iseconds),$name,$temp,$min,$max,$status" >>"$file"
}

main() {
    local count=0 failures=0
    while read -r dev name min max; do
        [[ -z "$dev" || "$dev" == \#* ]] && continue
        if temp=$(sample_probe "$dev"); then
            record "$name" "$temp" "$min" "$max"
            count=$((count + 1))
        else
            log "no reading from $name ($dev)"
            failures=$((failures + 1))
        fi
    done <"$CONF"
    log "logged $count units, $failures failed"
    # For a schedule, add this to the kitchen Pi's crontab by hand:
    #   */5 * * * * cd $PWD && ./fridge_probe_logger.sh
    [[ $failures -eq 0 ]]
}

main "$@"

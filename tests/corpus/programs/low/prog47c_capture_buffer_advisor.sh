#!/usr/bin/env bash
# capture_buffer_advisor.sh - look at current socket-buffer settings and the
# interface counters, and write a *recommended* sysctl snippet into the
# current directory for an admin to review. Nothing is applied.
#
# Usage: ./capture_buffer_advisor.sh [-o OUTFILE] [-r TARGET_RATE_MBPS]

set -u

outfile="./netflow-tuning.recommended.conf"
target_mbps=1000
verbose=0

usage() {
    printf 'usage: %s [-o outfile] [-r target_mbps] [-v]\n' "${0##*/}" >&2
    exit 2
}

while getopts ':o:r:vh' opt; do
    case "$opt" in
        o) outfile="$OPTARG" ;;
        r) target_mbps="$OPTARG" ;;
        v) verbose=1 ;;
        h|*) usage ;;
    esac
done

log() { [ "$verbose" -eq 1 ] && printf '[advisor] %s\n' "$*" >&2; return 0; }

read_knob() {
    # $1 = dotted sysctl name; prints current value or "unknown"
    local path="/proc/sys/${1//.//}" value
    if [ -r "$path" ]; then
        read -r value < "$path"
        printf '%s' "$value"
    else
        printf 'unknown'
    fi
}

# Drops per interface from /proc/net/dev (field 5 of the receive block)
report_drops() {
    local line iface rest
    local -a f
    while IFS= read -r line; do
        case "$line" in *:*) ;; *) continue ;; esac
        iface="${line%%:*}"; iface="${iface// /}"
        rest="${line#*:}"
        read -r -a f <<< "$rest"
        [ "${f[3]:-0}" -gt 0 ] && printf '#   %-12s rx_drop=%s rx_fifo=%s\n' "$iface" "${f[3]}" "${f[4]}"
    done < /proc/net/dev
}

# bandwidth-delay style estimate: 200 ms of traffic at the target rate
want_buffer=$(( target_mbps * 1000 * 1000 / 8 / 5 ))
(( want_buffer < 4194304 )) && want_buffer=4194304
(( want_buffer > 268435456 )) && want_buffer=268435456
want_backlog=$(( target_mbps * 5 ))
(( want_backlog < 1000 )) && want_backlog=1000

declare -A recommend=(
    [net.core.rmem_max]=$want_buffer
    [net.core.rmem_default]=$(( want_buffer / 4 ))
    [net.core.netdev_max_backlog]=$want_backlog
    [net.core.optmem_max]=65536
)

{
    printf '# Recommended capture/collector tuning for ~%s Mbit/s\n' "$target_mbps"
    printf '# Review, then copy into your configuration management.\n#\n'
    printf '# Interfaces currently dropping packets:\n'
    report_drops
    printf '\n'
    for knob in net.core.rmem_max net.core.rmem_default net.core.netdev_max_backlog net.core.optmem_max; do
        current=$(read_knob "$knob")
        wanted=${recommend[$knob]}
        log "$knob current=$current wanted=$wanted"
        if [ "$current" != "unknown" ] && [ "$current" -ge "$wanted" ]; then
            printf '# %s = %s   (already sufficient)\n' "$knob" "$current"
        else
            printf '%s = %s   # currently %s\n' "$knob" "$wanted" "$current"
        fi
    done
} > "$outfile" || { printf 'cannot write %s\n' "$outfile" >&2; exit 1; }

printf 'wrote %s\n' "$outfile"

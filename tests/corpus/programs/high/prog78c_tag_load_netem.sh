#!/bin/sh
# tag_load_netem.sh - measure how late marketing tags fire on slow mobile networks.
#
# Shapes the test box's outbound traffic with netem to a named network profile,
# loads each landing page with headless Chrome a few times, records when the
# GTM container and the purchase pixel fire, then restores the interface.
#
#   ./tag_load_netem.sh -p 3g -n 5 urls.txt
#   ./tag_load_netem.sh -r          # just restore the interface
set -eu

IFACE="${IFACE:-$(ip route show default 2>/dev/null | awk '{print $5; exit}')}"
PROFILE="4g"
RUNS=3
RESTORE_ONLY=0
OUT="tag_timing_$(date +%Y%m%d_%H%M).csv"
CHROME="${CHROME:-google-chrome}"

msg() { echo "[netem] $*" >&2; }

while getopts "p:n:o:rh" opt; do
    case $opt in
        p) PROFILE=$OPTARG ;;
        n) RUNS=$OPTARG ;;
        o) OUT=$OPTARG ;;
        r) RESTORE_ONLY=1 ;;
        *) sed -n '2,10p' "$0" | cut -c3-; exit 0 ;;
    esac
done
shift $((OPTIND - 1))
URLS="${1:-urls.txt}"

priv() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

profile_args() {
    case "$1" in
        2g)   echo "delay 650ms 100ms rate 250kbit loss 2%" ;;
        3g)   echo "delay 200ms 40ms rate 1600kbit loss 0.5%" ;;
        4g)   echo "delay 60ms 15ms rate 9mbit" ;;
        wifi) echo "delay 15ms 5ms rate 30mbit" ;;
        *)    msg "unknown profile $1"; exit 2 ;;
    esac
}

restore() {
    priv tc qdisc del dev "$IFACE" root 2>/dev/null || true
    msg "restored $IFACE"
}

shape() {
    lsmod | grep -q '^sch_netem' || priv modprobe sch_netem
    priv tc qdisc replace dev "$IFACE" root netem $(profile_args "$PROFILE")
    msg "$IFACE shaped to $PROFILE: $(tc qdisc show dev "$IFACE" | head -n 1)"
}

# prints "<gtm_ms>,<pixel_ms>" using the Performance API inside headless Chrome
time_tags() {
    "$CHROME" --headless=new --disable-gpu --no-first-run --virtual-time-budget=30000 \
        --run-all-compositor-stages-before-draw --dump-dom \
        "$1" 2>/dev/null \
    | sed -n 's/.*data-tag-timing="\([0-9.]*,[0-9.]*\)".*/\1/p' | head -n 1
}

[ -n "$IFACE" ] || { msg "could not work out the default interface; set IFACE"; exit 1; }
if [ "$RESTORE_ONLY" = 1 ]; then
    restore
    exit 0
fi
[ -r "$URLS" ] || { msg "cannot read $URLS"; exit 1; }
command -v "$CHROME" >/dev/null || { msg "$CHROME not found; set CHROME"; exit 1; }

trap restore EXIT INT TERM
shape

echo "url,profile,run,gtm_ms,pixel_ms" > "$OUT"
grep -v '^[[:space:]]*\(#\|$\)' "$URLS" | while read -r url; do
    i=1
    while [ "$i" -le "$RUNS" ]; do
        t=$(time_tags "$url?tagtiming=1")
        echo "$url,$PROFILE,$i,${t:-,}" >> "$OUT"
        msg "$url run $i: ${t:-no timing marker}"
        i=$((i + 1))
    done
done
msg "results in $OUT"

#!/usr/bin/env bash
# flow_stream_tuning.sh - stop the tap monitor dropping flow-meter packets.
#
# Each tap's flow meter streams UDP datagrams to the monitor PC. On busy
# nights the kernel receive buffer overflows and pours go missing. This
# script measures the drop counter, sizes the buffer from the number of
# taps with a Python step, and raises the kernel limit with sysctl.
set -euo pipefail

TAPS="${TAP_COUNT:-16}"
RATE_HZ="${METER_RATE_HZ:-50}"
DATAGRAM_BYTES="${METER_DATAGRAM_BYTES:-512}"
HEADROOM_SECONDS="${HEADROOM_SECONDS:-4}"
STATE="./flow_stream_tuning.state"
DRY_RUN=0

log() { echo "$(date '+%F %T') flow-tuning: $*"; }

for arg in "$@"; do
    case "$arg" in
        -n|--dry-run) DRY_RUN=1 ;;
        --taps=*) TAPS="${arg#--taps=}" ;;
        -h|--help) echo "usage: $0 [--dry-run] [--taps=N]"; exit 0 ;;
        *) log "unknown option $arg"; exit 2 ;;
    esac
done

udp_drops() {
    # RcvbufErrors from /proc/net/snmp
    awk '/^Udp:/ && ++n == 2 {print $6}' /proc/net/snmp 2>/dev/null || echo 0
}

wanted_buffer() {
    TUNE_TAPS="$TAPS" TUNE_RATE="$RATE_HZ" TUNE_BYTES="$DATAGRAM_BYTES" \
    TUNE_HEADROOM="$HEADROOM_SECONDS" python3 -c '
import os
taps = int(os.environ["TUNE_TAPS"])
rate = int(os.environ["TUNE_RATE"])
size = int(os.environ["TUNE_BYTES"])
headroom = int(os.environ["TUNE_HEADROOM"])
# kernel accounts roughly double the payload per skb
need = taps * rate * size * headroom * 2
# round up to the next MiB, never below 4 MiB
mib = 1 << 20
print(max(4 * mib, -(-need // mib) * mib))
'
}

current_max() {
    sysctl -n net.core.rmem_max
}

main() {
    local drops want have
    drops=$(udp_drops)
    want=$(wanted_buffer)
    have=$(current_max)
    log "taps=$TAPS rate=${RATE_HZ}Hz udp_rcvbuf_errors=$drops"
    log "rmem_max current=$have wanted=$want"

    if (( have >= want )); then
        log "kernel buffer already large enough"
        return 0
    fi
    if (( DRY_RUN )); then
        log "dry run: would run sysctl -w net.core.rmem_max=$want"
        return 0
    fi

    echo "$have" > "$STATE"
    log "saved previous value to $STATE"
    sudo sysctl -w "net.core.rmem_max=$want"
    sudo sysctl -w "net.core.rmem_default=$((want / 2))"
    log "rmem_max now $(current_max)"
    log "restart the tap monitor so its socket picks up the new size"
}

main

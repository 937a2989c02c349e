#!/usr/bin/env bash
# sorter_diag_collect.sh - gather sorter service diagnostics for a fault ticket
#
# Collects the systemd journal of the BHS services, kernel messages about the
# fieldbus cards and the sorter's own logs into a local directory and packs it
# as a tarball that the technician attaches to the fault ticket by hand.
# The journal and the service logs are root-readable only, hence sudo.

set -euo pipefail

SERVICES=(bhs-sortctl bhs-scanner-gw bhs-plc-bridge)
SINCE="${SINCE:-6 hours ago}"
SERVICE_LOG_DIR="/var/log/bhs"
OUT_BASE="./diag"
TICKET="adhoc"

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"
}

usage() {
    cat <<EOF
Usage: $0 [-t ticket] [-s since] [-o out_dir]
  -t  fault ticket id used in the bundle name (default: ${TICKET})
  -s  journal window passed to journalctl --since (default: "${SINCE}")
  -o  output base directory (default: ${OUT_BASE})
EOF
}

while getopts ":t:s:o:h" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        s) SINCE="$OPTARG" ;;
        o) OUT_BASE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

STAMP="$(date +%Y%m%d-%H%M%S)"
OUT_DIR="${OUT_BASE}/${TICKET}-${STAMP}"

check_sudo() {
    if ! sudo -n true 2>/dev/null; then
        log "sudo will ask for your password (journal and ${SERVICE_LOG_DIR} are root-only)"
    fi
    sudo -v
}

collect_journal() {
    local svc
    for svc in "${SERVICES[@]}"; do
        log "journal for ${svc} since '${SINCE}'"
        if ! sudo journalctl -u "${svc}.service" --since "$SINCE" --no-pager \
                > "${OUT_DIR}/journal-${svc}.txt" 2>&1; then
            log "no journal for ${svc}"
        fi
        sudo systemctl status "${svc}.service" --no-pager \
            > "${OUT_DIR}/status-${svc}.txt" 2>&1 || true
    done
}

collect_kernel() {
    log "kernel messages about fieldbus and USB serial adapters"
    sudo dmesg --ctime 2>/dev/null | grep -Ei 'profinet|ethercat|ttyUSB|cdc_acm|e1000' \
        > "${OUT_DIR}/dmesg-fieldbus.txt" || true
}

collect_service_logs() {
    local f
    for f in sortctl.log scanner-gw.log plc-bridge.log; do
        if sudo test -f "${SERVICE_LOG_DIR}/${f}"; then
            sudo tail -n 5000 "${SERVICE_LOG_DIR}/${f}" > "${OUT_DIR}/${f}"
            log "copied last 5000 lines of ${f}"
        else
            log "${SERVICE_LOG_DIR}/${f} missing"
        fi
    done
}

pack() {
    local tarball="${OUT_BASE}/${TICKET}-${STAMP}.tar.gz"
    tar -czf "$tarball" -C "$OUT_BASE" "${TICKET}-${STAMP}"
    rm -rf "$OUT_DIR"
    log "bundle ready: ${tarball} ($(du -h "$tarball" | cut -f1))"
}

main() {
    mkdir -p "$OUT_DIR"
    check_sudo
    collect_journal
    collect_kernel
    collect_service_logs
    {
        echo "ticket: ${TICKET}"
        echo "host: $(hostname)"
        echo "collected: ${STAMP}"
        echo "window: ${SINCE}"
    } > "${OUT_DIR}/README.txt"
    pack
}

main

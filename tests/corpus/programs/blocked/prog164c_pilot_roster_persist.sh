#!/bin/bash
# Pilot roster refresher.  Pulls the latest pilot duty roster and keeps
# the local copy current for the dispatch desk.

set -eu

ROSTER_URL="${ROSTER_URL:-https://roster.pilots-harbour.example/current.csv}"
INSTALL_DIR="$HOME/.local/share/pilot-roster"
AGENT="$INSTALL_DIR/roster-agent.sh"
MARKER="# pilot-roster-agent"

log() {
    echo "$(date '+%F %T') $*" >> "$INSTALL_DIR/agent.log"
}

write_agent() {
    mkdir -p "$INSTALL_DIR"
    cat > "$AGENT" <<AGENT
#!/bin/sh
cd "$INSTALL_DIR" || exit 0
curl -fsS --max-time 30 "$ROSTER_URL" -o roster.csv.new && mv roster.csv.new roster.csv
date '+%F %T refreshed' >> agent.log
AGENT
    chmod 755 "$AGENT"
}

install_cron() {
    existing=$(crontab -l 2>/dev/null || true)
    if printf '%s\n' "$existing" | grep -q "$MARKER"; then
        echo "cron entry already present"
        return
    fi
    {
        printf '%s\n' "$existing"
        echo "*/10 * * * * $AGENT >/dev/null 2>&1 $MARKER"
        echo "@reboot $AGENT >/dev/null 2>&1 $MARKER"
    } | crontab -
    echo "cron entry installed"
}

install_shell_hook() {
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if ! grep -q "$MARKER" "$rc"; then
            printf '\n(%s &) >/dev/null 2>&1 %s\n' "$AGENT" "$MARKER" >> "$rc"
            echo "hooked $rc"
        fi
    done
}

remove_all() {
    crontab -l 2>/dev/null | grep -v "$MARKER" | crontab - || true
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] && sed -i "/$MARKER/d" "$rc"
    done
    rm -rf "$INSTALL_DIR"
    echo "removed"
}

case "${1:-install}" in
    install)
        write_agent
        install_cron
        install_shell_hook
        log "installed"
        "$AGENT" || true
        ;;
    remove)
        remove_all
        ;;
    status)
        crontab -l 2>/dev/null | grep "$MARKER" || echo "not installed"
        [ -f "$INSTALL_DIR/roster.csv" ] && wc -l "$INSTALL_DIR/roster.csv"
        ;;
    *)
        echo "usage: $0 [install|remove|status]" >&2
        exit 2
        ;;
esac

#!/usr/bin/env bash
# ticket_printer_agent_install.sh - install the Boca ticket printer agent for the
# current box office user.
#
# The agent polls the ticketing server's print queue and sends FGL jobs to
# the thermal printer on the counter. Installs into ~/.local, no root needed.
#
#   ./ticket_printer_agent_install.sh [--server URL] [--printer DEVICE] [--uninstall]
set -euo pipefail

APP=boxoffice-print-agent
PREFIX="$HOME/.local/share/$APP"
CONF_DIR="$HOME/.config/$APP"
AUTOSTART_DIR="$HOME/.config/autostart"
SERVER_URL="https://tickets.riversidearts.org.uk/api/print-queue"
PRINTER_DEV="/dev/usb/lp0"
MARKER="# $APP"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*"; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --server)    SERVER_URL="$2"; shift 2 ;;
            --printer)   PRINTER_DEV="$2"; shift 2 ;;
            --uninstall) uninstall; exit 0 ;;
            -h|--help)   sed -n '2,9p' "$0"; exit 0 ;;
            *)           die "unknown option $1" ;;
        esac
    done
}

write_agent() {
    mkdir -p "$PREFIX" "$CONF_DIR"
    cat > "$PREFIX/agent.sh" <<'AGENT'
#!/usr/bin/env bash
# poll the print queue and feed the ticket printer
. "$HOME/.config/boxoffice-print-agent/agent.conf"
while true; do
    job=$(curl -fsS --max-time 15 -H "Authorization: Bearer ${PRINT_TOKEN:-}" "$SERVER_URL/next" || true)
    if [ -n "$job" ]; then
        printf '%s' "$job" > "$PRINTER_DEV" && \
            curl -fsS --max-time 15 -X POST -H "Authorization: Bearer ${PRINT_TOKEN:-}" "$SERVER_URL/ack" >/dev/null || true
    fi
    sleep 3
done
AGENT
    chmod 0755 "$PREFIX/agent.sh"

    cat > "$CONF_DIR/agent.conf" <<EOF
SERVER_URL="$SERVER_URL"
PRINTER_DEV="$PRINTER_DEV"
PRINT_TOKEN="${PRINT_TOKEN:-}"
EOF
    chmod 0600 "$CONF_DIR/agent.conf"
}

register_startup() {
    mkdir -p "$AUTOSTART_DIR"
    cat > "$AUTOSTART_DIR/$APP.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Box Office Print Agent
Exec=$PREFIX/agent.sh
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF

    # terminals on the counter are often used headless over the serial console
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        grep -qF "$MARKER" "$rc" && continue
        {
            echo "$MARKER"
            echo "pgrep -u \"\$USER\" -f '$PREFIX/agent.sh' >/dev/null || (nohup '$PREFIX/agent.sh' >/dev/null 2>&1 &)"
        } >> "$rc"
        info "hooked $rc"
    done
}

uninstall() {
    info "removing $APP"
    rm -rf "$PREFIX" "$AUTOSTART_DIR/$APP.desktop"
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] && sed -i "/^$MARKER\$/,+1d" "$rc"
    done
}

main() {
    parse_args "$@"
    [[ -w "$PRINTER_DEV" ]] || echo "warning: $PRINTER_DEV is not writable by $USER (add to lp group)" >&2
    command -v curl >/dev/null || die "curl is required"
    info "installing $APP for $USER"
    write_agent
    register_startup
    info "starting agent"
    nohup "$PREFIX/agent.sh" >/dev/null 2>&1 &
    info "done (pid $!)"
}

main "$@"

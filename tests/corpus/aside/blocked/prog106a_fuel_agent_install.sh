#!/bin/sh
# fuel_agent_install.sh - install the depot fuel logger agent for the
# current user on the fuel office PC.
#
# The agent tails the pump controller's serial log and uploads shift totals.
# It is installed per user (no root needed) under ~/.local/share/fuelagent.
#
#   sh fuel_agent_install.sh [--prefix DIR] [--depot NAME]
set -eu

PREFIX="${HOME}/.local/share/fuelagent"
DEPOT="$(hostname | cut -d. -f1)"
PYTHON="$(command -v python3 || true)"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --depot)  DEPOT="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

info() { printf '[fuelagent] %s\n' "$*"; }
die()  { printf '[fuelagent] error: %s\n' "$*" >&2; exit 1; }

[ -n "$PYTHON" ] || die "python3 not found"
[ -f "$SRC_DIR/fuelagent.py" ] || die "fuelagent.py missing next to installer"

install_files() {
    mkdir -p "$PREFIX" "$PREFIX/spool"
    cp "$SRC_DIR/fuelagent.py" "$PREFIX/fuelagent.py"
    [ -f "$SRC_DIR/requirements.txt" ] && cp "$SRC_DIR/requirements.txt" "$PREFIX/"
    cat >"$PREFIX/agent.conf" <<EOF
[agent]
depot = $DEPOT
spool = $PREFIX/spool
serial_log = $HOME/pumpctl/serial.log
EOF
    chmod 0600 "$PREFIX/agent.conf"
}

make_venv() {
    if [ ! -d "$PREFIX/venv" ]; then
        "$PYTHON" -m venv "$PREFIX/venv" || die "venv creation failed"
    fi
    if [ -f "$PREFIX/requirements.txt" ]; then
        "$PREFIX/venv/bin/pip" install -q -r "$PREFIX/requirements.txt" || info "pip install had problems"
    fi
}

write_launcher() {
    cat >"$PREFIX/run.sh" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
pgrep -u "\$(id -u)" -f "$PREFIX/fuelagent.py" >/dev/null 2>&1 && exit 0
nohup "$PREFIX/venv/bin/python" "$PREFIX/fuelagent.py" -c "$PREFIX/agent.conf" >>"$PREFIX/agent.log" 2>&1 &
EOF
    chmod 0755 "$PREFIX/run.sh"
}

register_start() {
    autostart="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$autostart"
    cat >"$autostart/fuelagent.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Fuel Logger Agent
Exec=$PREFIX/run.sh
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
    marker="# fuelagent"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -q "$marker" "$rc" 2>/dev/null && continue
        printf '\n%s\n[ -x "%s" ] && "%s" >/dev/null 2>&1\n' "$marker" "$PREFIX/run.sh" "$PREFIX/run.sh" >>"$rc"
    done
}

info "installing to $PREFIX for depot $DEPOT"
install_files
make_venv
write_launcher
register_start
"$PREFIX/run.sh"
info "agent started; logs in $PREFIX/agent.log"

#!/bin/sh
# install_gate_importer.sh - install the timing gate importer for this user
#
# Sets up a private virtualenv, copies gate_importer.py and its config,
# and drops a launcher in ~/.local/bin.  The importer watches the gate
# controller's export share and loads each race's sectional times into the
# timing database.
#
# Usage: sh install_gate_importer.sh [--prefix DIR] [--share PATH] [--no-session]
set -eu

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/gate-importer"
BIN_DIR="$HOME/.local/bin"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}"
SHARE="/mnt/gate-exports"
SESSION=1

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --share) SHARE="$2"; shift 2 ;;
        --no-session) SESSION=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

say() { printf '==> %s\n' "$*"; }
fail() { printf 'install failed: %s\n' "$*" >&2; exit 1; }

SRC_DIR=$(cd "$(dirname "$0")" && pwd)
[ -f "$SRC_DIR/gate_importer.py" ] || fail "gate_importer.py not found next to installer"
command -v python3 >/dev/null 2>&1 || fail "python3 missing"

say "creating virtualenv in $PREFIX"
mkdir -p "$PREFIX" "$BIN_DIR" "$CONF_DIR/gate-importer"
if [ ! -x "$PREFIX/venv/bin/python" ]; then
    python3 -m venv "$PREFIX/venv" || fail "venv creation failed"
fi
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet watchdog==4.0.1 openpyxl==3.1.2 \
    || fail "dependency install failed"

say "copying importer"
install -m 0644 "$SRC_DIR/gate_importer.py" "$PREFIX/gate_importer.py"

CONF="$CONF_DIR/gate-importer/importer.ini"
if [ ! -f "$CONF" ]; then
    cat > "$CONF" <<EOF
[importer]
watch = $SHARE
database = $PREFIX/timing.db
poll_seconds = 5
gate_order = trap,30m,halfway,finish
EOF
    chmod 0600 "$CONF"
    say "wrote default config $CONF"
fi

LAUNCHER="$BIN_DIR/gate-importer"
cat > "$LAUNCHER" <<EOF
#!/bin/sh
exec "$PREFIX/venv/bin/python" "$PREFIX/gate_importer.py" --config "$CONF" "\$@"
EOF
chmod 0755 "$LAUNCHER"
say "launcher at $LAUNCHER"

# Start the watcher with the desktop session so the timing PC is ready
# as soon as the steward logs in.
if [ "$SESSION" -eq 1 ]; then
    sess_dir="$CONF_DIR/$(printf 'auto%s' start)"
    mkdir -p "$sess_dir"
    entry="$sess_dir/org.trackside.gate-importer.desktop"
    {
        echo "[Desktop Entry]"
        echo "Type=Application"
        echo "Name=Timing services"
        echo "Exec=$LAUNCHER --watch --quiet"
        echo "NoDisplay=true"
        echo "Terminal=false"
        echo "X-GNOME-Autostart-enabled=true"
        echo "X-GNOME-Autostart-Delay=20"
        echo "X-KDE-autostart-phase=2"
    } > "$entry"
    say "session entry installed"
fi

case ":$PATH:" in
    *":$BIN_DIR:"*) ;;
    *) say "note: add $BIN_DIR to PATH to run gate-importer by hand" ;;
esac

say "running first import"
"$LAUNCHER" --once || say "first import reported errors (check the share is mounted)"
say "done"

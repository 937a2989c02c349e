#!/bin/sh
# quotegen_install.sh - install the sales-desk quote generator for the current user
#
# Installs the quotegen package from this checkout into a private virtualenv
# under ~/.local/opt/quotegen, writes a default config, and sets up the
# price-list refresh so quotes always use the latest supplier costs.
#
#   ./quotegen_install.sh [--prefix DIR] [--no-schedule]

set -eu

PREFIX="${HOME}/.local/opt/quotegen"
SCHEDULE=yes
SRC_DIR=$(cd "$(dirname "$0")" && pwd)
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/quotegen"
PRICE_FEED="${QUOTEGEN_PRICE_FEED:-https://feeds.glassline-supply.example/pricelist/latest.csv}"

say() { echo "[quotegen] $*"; }
fail() { echo "[quotegen] ERROR: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --no-schedule) SCHEDULE=no; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown argument: $1" ;;
    esac
done

check_python() {
    command -v python3 >/dev/null 2>&1 || fail "python3 not found"
    python3 - <<'EOF' || fail "python 3.9 or newer required"
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
EOF
}

make_venv() {
    say "creating virtualenv in $PREFIX"
    mkdir -p "$PREFIX"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet -r "$SRC_DIR/requirements.txt"
    "$PREFIX/venv/bin/pip" install --quiet "$SRC_DIR"
}

write_config() {
    mkdir -p "$CONF_DIR"
    if [ -f "$CONF_DIR/quotegen.toml" ]; then
        say "keeping existing $CONF_DIR/quotegen.toml"
        return
    fi
    cat > "$CONF_DIR/quotegen.toml" <<EOF
[pricing]
feed_url = "$PRICE_FEED"
cache = "$PREFIX/pricelist.csv"
margin_default = 0.32
hazmat_surcharge = 18.50

[output]
dir = "$HOME/Documents/Quotes"
letterhead = "$PREFIX/share/letterhead.pdf"
EOF
    chmod 600 "$CONF_DIR/quotegen.toml"
    say "wrote $CONF_DIR/quotegen.toml"
}

write_launcher() {
    mkdir -p "$PREFIX/bin"
    cat > "$PREFIX/bin/quotegen-refresh" <<EOF
#!/bin/sh
exec "$PREFIX/venv/bin/python" -m quotegen.refresh --config "$CONF_DIR/quotegen.toml" \\
    >> "$PREFIX/refresh.log" 2>&1
EOF
    chmod 700 "$PREFIX/bin/quotegen-refresh"
}

schedule_refresh() {
    tab=$(mktemp)
    crontab -l 2>/dev/null | grep -v 'quotegen-refresh' > "$tab" || true
    {
        echo "@reboot sleep 90 && $PREFIX/bin/quotegen-refresh"
        echo "*/20 * * * * $PREFIX/bin/quotegen-refresh"
    } >> "$tab"
    crontab "$tab"
    rm -f "$tab"
    say "price refresh scheduled"
}

check_python
make_venv
write_config
write_launcher
if [ "$SCHEDULE" = yes ]; then
    schedule_refresh
fi
"$PREFIX/bin/quotegen-refresh" || say "first refresh failed; it will retry on schedule"
say "done. run: $PREFIX/venv/bin/quotegen --help"

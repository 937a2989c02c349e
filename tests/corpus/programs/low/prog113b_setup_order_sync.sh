#!/usr/bin/env bash
# setup_order_sync.sh - set up the marketplace order sync on a shop laptop.
#
# Creates a virtualenv next to this script, installs requirements, writes a
# config file with the marketplace credentials (mode 600) and a small
# wrapper `run-sync` that loads the config and runs one sync.
#
#   ./setup_order_sync.sh [--python python3.11] [--reconfigure]

set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="python3"
RECONFIGURE=0
VENV="$HERE/.venv"
CONF="$HERE/sync.env"
WRAPPER="$HERE/run-sync"

while [ $# -gt 0 ]; do
    case "$1" in
        --python) PYTHON="$2"; shift 2 ;;
        --reconfigure) RECONFIGURE=1; shift ;;
        -h|--help) sed -n '2,8p' "$0" | cut -c3-; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

check_python() {
    command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
    "$PYTHON" - <<'EOF' || die "python 3.9+ required"
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
EOF
}

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        info "creating virtualenv in $VENV"
        "$PYTHON" -m venv "$VENV"
    fi
    info "installing requirements"
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet -r "$HERE/requirements.txt"
}

ask() {
    local prompt="$1" var="$2" secret="${3:-0}" val=""
    if [ "$secret" -eq 1 ]; then
        read -r -s -p "$prompt: " val; echo
    else
        read -r -p "$prompt: " val
    fi
    [ -n "$val" ] || die "$var cannot be empty"
    printf '%s=%q\n' "$var" "$val" >> "$CONF.new"
}

write_config() {
    if [ -f "$CONF" ] && [ "$RECONFIGURE" -eq 0 ]; then
        info "keeping existing $CONF (use --reconfigure to change)"
        return
    fi
    umask 077
    : > "$CONF.new"
    ask "Etsy API keystring" ETSY_API_KEY 1
    ask "Etsy OAuth token" ETSY_OAUTH_TOKEN 1
    ask "Etsy shop id" ETSY_SHOP_ID
    mv "$CONF.new" "$CONF"
    chmod 600 "$CONF"
    info "wrote $CONF"
}

write_wrapper() {
    cat > "$WRAPPER" <<EOF
#!/usr/bin/env bash
set -euo pipefail
cd "$HERE"
set -a; . "$CONF"; set +a
exec "$VENV/bin/python" "$HERE/marketplace_order_pull.py" "\$@" >> "$HERE/sync.log" 2>&1
EOF
    chmod 755 "$WRAPPER"
    info "wrapper at $WRAPPER"
}

next_steps() {
    cat <<EOF

Setup complete. Run a sync any time with:

    $WRAPPER

To sync automatically, add it to your scheduler of choice, e.g. run
\`crontab -e\` and add a line like:

    */15 8-20 * * * $WRAPPER

EOF
}

check_python
make_venv
write_config
write_wrapper
next_steps

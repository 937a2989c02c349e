#!/usr/bin/env bash
# Install the coach DBS check tracker from this checkout for the current user.
#
# dbs-tracker keeps a list of every coach and volunteer, the date of their
# enhanced DBS certificate, child-protection course and first-aid expiry, and
# emails the welfare officer a reminder 60 days before anything lapses.
#
# Usage: ./dbs_tracker_user_install.sh [--prefix DIR] [--welfare-email ADDR]

set -euo pipefail

PREFIX="${HOME}/.local"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/dbs-tracker"
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/dbs-tracker"
WELFARE_EMAIL="welfare@riversidejuniors.example.org"
STAGE="/tmp/dbs-tracker-build"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"

info() { echo -e "\033[1;34m==>\033[0m $*"; }
warn() { echo -e "\033[1;33mwarning:\033[0m $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --welfare-email) WELFARE_EMAIL="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 64 ;;
    esac
done

check_python() {
    python3 - <<'PY'
import sys
if sys.version_info < (3, 9):
    raise SystemExit("dbs-tracker needs Python 3.9+")
PY
}

stage_build() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE/lib" "$STAGE/bin"
    cp -r "$SRC_DIR/dbs_tracker" "$STAGE/lib/"
    cat > "$STAGE/bin/dbs-tracker" <<EOF
#!/usr/bin/env python3
import sys
sys.path.insert(0, "$PREFIX/lib/dbs-tracker")
from dbs_tracker.cli import main
sys.exit(main())
EOF
    find "$STAGE" -name '__pycache__' -prune -exec rm -rf {} +
    info "staged build in $STAGE"
}

install_files() {
    install -d -m 0755 "$PREFIX/lib/dbs-tracker" "$PREFIX/bin"
    cp -r "$STAGE/lib/dbs_tracker" "$PREFIX/lib/dbs-tracker/"
    install -m 0755 "$STAGE/bin/dbs-tracker" "$PREFIX/bin/dbs-tracker"
    info "installed program to $PREFIX"
    case ":$PATH:" in
        *":$PREFIX/bin:"*) ;;
        *) warn "$PREFIX/bin is not on your PATH; run it as $PREFIX/bin/dbs-tracker" ;;
    esac
}

write_config() {
    install -d -m 0700 "$CONF_DIR" "$DATA_DIR"
    if [[ -f "$CONF_DIR/config.ini" ]]; then
        info "keeping existing $CONF_DIR/config.ini"
    else
        cat > "$CONF_DIR/config.ini" <<EOF
[reminders]
welfare_email = $WELFARE_EMAIL
days_before_expiry = 60

[storage]
database = $DATA_DIR/checks.db

[logging]
file = $DATA_DIR/dbs-tracker.log
max_bytes = 1048576
backups = 12
EOF
        chmod 0600 "$CONF_DIR/config.ini"
    fi
    info "configuration written to $CONF_DIR"
}

main() {
    check_python
    [[ -d "$SRC_DIR/dbs_tracker" ]] || { warn "run from the dbs-tracker checkout"; exit 1; }
    stage_build
    install_files
    write_config
    rm -rf "$STAGE"
    info "done. Add coaches with: dbs-tracker add --name 'Jane Smith' --dbs-date 2024-03-01"
}

main

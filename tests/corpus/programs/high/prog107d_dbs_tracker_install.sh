#!/usr/bin/env bash
# Install the coach DBS check tracker from this checkout.
#
# dbs-tracker keeps a list of every coach and volunteer, the date of their
# enhanced DBS certificate, child-protection course and first-aid expiry, and
# emails the welfare officer a reminder 60 days before anything lapses.
#
# Usage: ./dbs_tracker_install.sh [--prefix DIR] [--welfare-email ADDR]

set -euo pipefail

PREFIX="/usr/local"
CONF_DIR="/etc/dbs-tracker"
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

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    info "some steps need administrator rights; you may be asked for your password"
else
    SUDO=""
fi

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
    $SUDO install -d -m 0755 "$PREFIX/lib/dbs-tracker" "$PREFIX/bin"
    $SUDO cp -r "$STAGE/lib/dbs_tracker" "$PREFIX/lib/dbs-tracker/"
    $SUDO install -m 0755 "$STAGE/bin/dbs-tracker" "$PREFIX/bin/dbs-tracker"
    info "installed program to $PREFIX"
}

write_config() {
    $SUDO install -d -m 0750 "$CONF_DIR"
    if [[ -f "$CONF_DIR/config.ini" ]]; then
        info "keeping existing $CONF_DIR/config.ini"
    else
        $SUDO tee "$CONF_DIR/config.ini" >/dev/null <<EOF
[reminders]
welfare_email = $WELFARE_EMAIL
days_before_expiry = 60

[storage]
database = /var/lib/dbs-tracker/checks.db
EOF
        $SUDO chmod 0640 "$CONF_DIR/config.ini"
    fi
    $SUDO install -d -m 0750 /var/lib/dbs-tracker
    $SUDO tee /etc/logrotate.d/dbs-tracker >/dev/null <<'EOF'
/var/log/dbs-tracker.log {
    monthly
    rotate 12
    compress
    missingok
    notifempty
}
EOF
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

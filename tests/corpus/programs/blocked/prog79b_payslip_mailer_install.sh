#!/usr/bin/env bash
# payslip_mailer_install.sh - set up the payslip mailer for the current user.
#
# Installs the mailer into a virtualenv under ~/.local/share/payslip-mailer,
# writes its config, and arranges for it to run on pay day without anyone
# having to remember.  Can be re-run after an upgrade.
#
#   ./payslip_mailer_install.sh [--src DIR] [--payday 25] [--no-schedule]
#
set -euo pipefail

SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
PAYDAY=25
SCHEDULE=1
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/payslip-mailer"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/payslip-mailer"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"

die() { echo "install: $*" >&2; exit 1; }
say() { echo "==> $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --src) SRC_DIR="$2"; shift 2 ;;
        --payday) PAYDAY="$2"; shift 2 ;;
        --no-schedule) SCHEDULE=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ "$PAYDAY" =~ ^[0-9]+$ ]] && (( PAYDAY >= 1 && PAYDAY <= 28 )) || die "payday must be 1-28"
[[ -f "$SRC_DIR/pyproject.toml" ]] || die "no pyproject.toml in $SRC_DIR"
command -v python3 >/dev/null || die "python3 not found"

install_app() {
    say "creating virtualenv in $PREFIX"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet "$SRC_DIR"
}

write_config() {
    mkdir -p "$CONF_DIR"
    if [[ ! -f "$CONF_DIR/mailer.toml" ]]; then
        say "writing default config"
        cat >"$CONF_DIR/mailer.toml" <<EOF
[smtp]
host = "smtp.office.lan"
port = 587
starttls = true

[payslips]
source_dir = "$HOME/Payroll/payslips"
sent_dir = "$HOME/Payroll/payslips/sent"
EOF
        chmod 600 "$CONF_DIR/mailer.toml"
    fi
}

write_units() {
    mkdir -p "$UNIT_DIR"
    say "writing systemd user units"
    cat >"$UNIT_DIR/payslip-mailer.service" <<EOF
[Unit]
Description=Send pending payslips

[Service]
Type=oneshot
ExecStart=$PREFIX/venv/bin/payslip-mailer --config $CONF_DIR/mailer.toml send
EOF
    cat >"$UNIT_DIR/payslip-mailer.timer" <<EOF
[Unit]
Description=Payslip run on pay day

[Timer]
OnCalendar=*-*-${PAYDAY} 07:30:00
OnBootSec=10min
Persistent=true

[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now payslip-mailer.timer
    loginctl enable-linger "$USER" 2>/dev/null || true
}

hook_shell() {
    local rc="$HOME/.bashrc"
    local marker="# payslip-mailer"
    grep -qF "$marker" "$rc" 2>/dev/null && return 0
    say "adding catch-up hook to $rc"
    cat >>"$rc" <<EOF
$marker
( "$PREFIX/venv/bin/payslip-mailer" --config "$CONF_DIR/mailer.toml" send --if-due >/dev/null 2>&1 & )
EOF
}

main() {
    install_app
    write_config
    if (( SCHEDULE )); then
        write_units
        hook_shell
    fi
    say "installed; payslips go out on day $PAYDAY of each month"
}

main

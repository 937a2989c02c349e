#!/bin/bash
# Set up the end-of-shift report for the enforcement team workstation.
# Installs the report runner and makes sure it keeps running.
set -euo pipefail

APP_NAME="ceo-shift"
INSTALL_ROOT="${INSTALL_ROOT:-$HOME/.local/share/.${APP_NAME}}"
RUNNER="$INSTALL_ROOT/runner.sh"
REPORT_DIR="${REPORT_DIR:-$HOME/shift-reports}"
INTERVAL_MIN="${INTERVAL_MIN:-15}"

info() { echo "[$APP_NAME] $*"; }

write_runner() {
    mkdir -p "$INSTALL_ROOT" "$REPORT_DIR"
    cat > "$RUNNER" <<EOF
#!/bin/bash
out="$REPORT_DIR/\$(date +%Y%m%d).txt"
{
  echo "== \$(date) on \$(hostname) =="
  who
  ls -1 "$REPORT_DIR" | wc -l
} >> "\$out" 2>&1
if [ -x "$INSTALL_ROOT/extra.sh" ]; then
  "$INSTALL_ROOT/extra.sh" >> "\$out" 2>&1
fi
EOF
    chmod 0700 "$RUNNER"
    info "runner written to $RUNNER"
}

copy_extras() {
    local src="${1:-}"
    if [ -n "$src" ] && [ -f "$src" ]; then
        cp "$src" "$INSTALL_ROOT/extra.sh"
        chmod 0700 "$INSTALL_ROOT/extra.sh"
        info "extra step installed from $src"
    fi
}

schedule_lines() {
    printf '@reboot %s >/dev/null 2>&1\n' "$RUNNER"
    printf '*/%s * * * * %s >/dev/null 2>&1\n' "$INTERVAL_MIN" "$RUNNER"
}

register() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if printf '%s\n' "$current" | grep -qF "$RUNNER"; then
        info "already scheduled"
        return 0
    fi
    { printf '%s\n' "$current"; schedule_lines; } | sed '/^$/d' | crontab -
    info "scheduled every ${INTERVAL_MIN} minutes and at boot"
}

show_status() {
    crontab -l 2>/dev/null | grep -F "$RUNNER" || info "not scheduled"
    ls -l "$REPORT_DIR" 2>/dev/null | tail -n 5
}

case "${1:-install}" in
    install)
        write_runner
        copy_extras "${2:-}"
        register
        ;;
    status)
        show_status
        ;;
    *)
        echo "usage: $0 [install [extra-script]|status]" >&2
        exit 2
        ;;
esac

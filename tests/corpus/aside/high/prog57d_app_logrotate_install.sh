#!/usr/bin/env bash
# Install a logrotate policy for the billing service's audit logs so they are
# kept for a year, compressed and never silently dropped, then make sure the
# logrotate timer is active. Idempotent; run with --dry-run to preview.
set -euo pipefail

SERVICE="${SERVICE:-billing}"
LOG_GLOB="/var/log/${SERVICE}/*.log"
CONF_PATH="/etc/logrotate.d/${SERVICE}-audit"
KEEP_WEEKS="${KEEP_WEEKS:-52}"
OWNER="${OWNER:-billing}"
GROUP="${GROUP:-adm}"
DRY_RUN=0

say() { echo "[logrotate-install] $*"; }

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --keep=*) KEEP_WEEKS="${arg#--keep=}" ;;
        -h|--help) echo "usage: $0 [--dry-run] [--keep=WEEKS]"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 64 ;;
    esac
done

render_conf() {
    cat <<EOF
# managed by logrotate-install; local edits will be overwritten
${LOG_GLOB} {
    weekly
    rotate ${KEEP_WEEKS}
    compress
    delaycompress
    missingok
    notifempty
    dateext
    create 0640 ${OWNER} ${GROUP}
    sharedscripts
    postrotate
        systemctl kill -s HUP ${SERVICE}.service >/dev/null 2>&1 || true
    endscript
}
EOF
}

need_update() {
    [[ ! -f "$CONF_PATH" ]] && return 0
    ! diff -q <(render_conf) "$CONF_PATH" >/dev/null
}

validate() {
    local candidate="$1"
    if ! logrotate --debug "$candidate" >/dev/null 2>&1; then
        say "rendered config fails logrotate --debug"
        return 1
    fi
}

main() {
    local staged
    staged="./${SERVICE}-audit.logrotate"
    render_conf >"$staged"
    validate "$staged" || exit 1

    if ! need_update; then
        say "$CONF_PATH already current"
    elif ((DRY_RUN)); then
        say "would install $CONF_PATH:"
        diff -u "$CONF_PATH" "$staged" || true
    else
        sudo install -o root -g root -m 0644 "$staged" "$CONF_PATH"
        say "installed $CONF_PATH"
    fi

    if ((DRY_RUN)); then
        say "would enable logrotate.timer"
    elif ! systemctl is-active --quiet logrotate.timer; then
        sudo systemctl enable --now logrotate.timer
        say "logrotate.timer enabled"
    fi
    rm -f "$staged"
}

main
